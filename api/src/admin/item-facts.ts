import type {
  CommentRecord,
  ConversationRecord,
  PostRecord,
  ProjectRecord,
  ReportTargetKind,
  ProfileRecord,
} from '@skillers/domain';

/** Cuts a text to at most `length` characters, marking the cut. */
export const cut = (text: string, length: number): string =>
  text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;

export type AnyItem = ProjectRecord | ProfileRecord | PostRecord | CommentRecord | ConversationRecord;

export interface ItemFacts {
  /** The project's name, the profile's nickname, or the post's or comment's whole text (uncut). */
  title: string;
  excerpt?: string;
  /** Users whose names the item's description needs. */
  userIds: string[];
  /** Whose the item is: the owner, the author, or who started a conversation where that was recorded. */
  byId?: string;
  /** The author's name where the item keeps it (posts and comments). */
  authorName?: string;
}

/**
 * What a reportable item says of itself, and whose it is: user ids (names are read once for a whole page of
 * reports), or the author's name where the item keeps it.
 */
export const itemFacts = (kind: ReportTargetKind, record: AnyItem): ItemFacts => {
  switch (kind) {
    case 'project': {
      const project = record as ProjectRecord;
      return {
        title: project.projectName,
        excerpt: project.description,
        userIds: [project.ownerId],
        byId: project.ownerId,
      };
    }
    case 'profile': {
      const profile = record as ProfileRecord;
      return {
        title: profile.nickname,
        excerpt: profile.description,
        userIds: [profile.ownerId],
        byId: profile.ownerId,
      };
    }
    case 'post':
    case 'comment': {
      const written = record as PostRecord | CommentRecord;
      return {
        title: written.data,
        excerpt: written.data,
        userIds: [],
        byId: written.user._id,
        authorName: written.user.username,
      };
    }
    case 'conversation': {
      // Named after its participants; "by" is who started it, where that was recorded.
      const { participants, startedBy } = record as ConversationRecord;
      return { title: '', userIds: participants, byId: startedBy };
    }
  }
};
