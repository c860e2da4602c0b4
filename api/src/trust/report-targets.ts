import { Inject, Injectable } from '@nestjs/common';
import {
  type CommentRecord,
  type ConversationRecord,
  type HideableKind,
  type PostRecord,
  type ProjectRecord,
  type ReportTargetKind,
  type ProfileRecord,
} from '@skillers/domain';
import { COLLECTIONS, type CollectionSpec, type RecordStore } from '@skillers/store';
import { RECORD_STORE } from '../core/tokens';

/** Where each reportable kind is stored. */
export const TARGET_COLLECTIONS: Record<ReportTargetKind, CollectionSpec> = {
  profile: COLLECTIONS.teammates,
  project: COLLECTIONS.projects,
  post: COLLECTIONS.posts,
  comment: COLLECTIONS.comments,
  conversation: COLLECTIONS.conversations,
};

/** The kinds the search index holds, by their report names. */
export const INDEXED_KINDS: Partial<Record<HideableKind, 'teammate' | 'project'>> = {
  profile: 'teammate',
  project: 'project',
};

type AnyTarget = ProfileRecord | ProjectRecord | PostRecord | CommentRecord | ConversationRecord;

/** A reported item as the reporter may see it: who is behind it, and whether the reporter is part of it. */
export interface ReportTarget {
  /** The users the item belongs to: the owner or author, or both participants of a conversation. */
  owners: readonly string[];
  /** False when the reporter cannot see the item at all (another pair's conversation). */
  visibleTo: (userId: string) => boolean;
}

const describe = (kind: ReportTargetKind, record: AnyTarget): ReportTarget => {
  switch (kind) {
    case 'profile':
    case 'project':
      return { owners: [(record as ProjectRecord).ownerId], visibleTo: () => true };
    case 'post':
    case 'comment':
      return { owners: [(record as PostRecord).user._id], visibleTo: () => true };
    case 'conversation': {
      const { participants } = record as ConversationRecord;
      return { owners: participants, visibleTo: (userId) => participants.includes(userId) };
    }
  }
};

@Injectable()
export class ReportTargets {
  constructor(@Inject(RECORD_STORE) private readonly store: RecordStore) {}

  async find(kind: ReportTargetKind, id: string): Promise<ReportTarget | null> {
    const record = await this.store.collection<AnyTarget>(TARGET_COLLECTIONS[kind]).findById(id);
    return record ? describe(kind, record) : null;
  }
}
