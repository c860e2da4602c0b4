import { Injectable, Logger } from '@nestjs/common';
import type { HideableKind, ModeratedItem } from '@skillers/domain';
import type { StoredDocument } from '@skillers/store';
import { NotificationsService } from '../notifications/notifications.service';
import { UsersRepository } from '../auth/users.repository';
import { type AnyItem, cut, itemFacts } from './item-facts';

/** Post and comment texts name the item by their start. */
const NAME_LENGTH = 60;

const ownerAndName = (kind: HideableKind, record: StoredDocument): { ownerId?: string; name: string } => {
  const { byId, title } = itemFacts(kind, record as unknown as AnyItem);
  return { ownerId: byId, name: kind === 'post' || kind === 'comment' ? cut(title, NAME_LENGTH) : title };
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
      const owner = ownerId === undefined ? null : await this.users.findById(ownerId);
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
