import { Injectable, Logger } from '@nestjs/common';
import type {
  CommentRecord,
  HideableKind,
  ModeratedItem,
  PostRecord,
  ProjectRecord,
  TeammateRecord,
} from '@skillers/domain';
import type { StoredDocument } from '@skillers/store';
import { NotificationsService } from '../notifications/notifications.service';
import { UsersRepository } from '../users/users.repository';

/** Post and comment texts name the item by their start. */
const NAME_LENGTH = 60;

const ownerAndName = (kind: HideableKind, record: StoredDocument): { ownerId: string; name: string } => {
  switch (kind) {
    case 'project': {
      const project = record as unknown as ProjectRecord;
      return { ownerId: project.ownerId, name: project.projectName };
    }
    case 'profile': {
      const profile = record as unknown as TeammateRecord;
      return { ownerId: profile.ownerId, name: profile.nickname };
    }
    case 'post':
    case 'comment': {
      const written = record as unknown as PostRecord | CommentRecord;
      const name =
        written.data.length > NAME_LENGTH
          ? `${written.data.slice(0, NAME_LENGTH - 1).trimEnd()}…`
          : written.data;
      return { ownerId: written.user._id, name };
    }
  }
};

/**
 * Tells an owner that a moderator hid their item or put it back, so content does not vanish without a word.
 * The moderation is done already when this runs: a failure here is logged, never turned into a failed action.
 */
@Injectable()
export class ModerationNotices {
  private readonly logger = new Logger(ModerationNotices.name);

  constructor(
    private readonly notifications: NotificationsService,
    private readonly users: UsersRepository,
  ) {}

  async tell(
    kind: 'item_hidden' | 'item_restored',
    itemKind: HideableKind,
    record: StoredDocument,
  ): Promise<void> {
    try {
      const { ownerId, name } = ownerAndName(itemKind, record);
      const owner = await this.users.findById(ownerId);
      if (!owner) return;
      const moderated: ModeratedItem = { kind: itemKind, id: record._id, name };
      await this.notifications.notifyOwner(owner._id, {
        kind,
        actor: { _id: owner._id, username: owner.username },
        moderated,
      });
    } catch (error) {
      this.logger.warn(`Could not tell the owner of ${itemKind} ${record._id}: ${(error as Error).message}`);
    }
  }
}
