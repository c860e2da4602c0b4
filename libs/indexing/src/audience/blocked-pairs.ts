import { type BlockRecord, COUNTED_NOTIFICATION_KINDS, type NotificationRecord } from '@skillers/domain';
import { COLLECTIONS, type RecordStore } from '@skillers/store';

/** Blocked users read at once: a bounded `$in`. */
const READ_CHUNK = 500;

/**
 * Whether one user blocked another: the one check that everything telling a user about someone else
 * consults (notifications and their unread count, live pushes, saved-search alerts, read receipts), in
 * the api and in the index worker alike, so a block holds on every surface at once.
 */
export class BlockedPairs {
  constructor(private readonly store: RecordStore) {}

  private get blocks() {
    return this.store.collection<BlockRecord>(COLLECTIONS.blocks);
  }

  async hasBlocked(blockerId: string, blockedId: string): Promise<boolean> {
    return (await this.blocks.findOne({ blockerId, blockedId })) !== null;
  }

  /** Everyone `blockerId` blocked. */
  async blockedBy(blockerId: string): Promise<Set<string>> {
    return new Set((await this.blocks.find({ blockerId })).map((block) => block.blockedId));
  }

  /** For each of `blockedIds` that someone blocked, who blocked them (through the `blockedId` index). */
  async blockersOf(blockedIds: readonly string[]): Promise<Map<string, Set<string>>> {
    const blockers = new Map<string, Set<string>>();
    const ids = [...new Set(blockedIds)];
    for (let at = 0; at < ids.length; at += READ_CHUNK) {
      for (const { blockerId, blockedId } of await this.blocks.find({
        blockedId: { $in: ids.slice(at, at + READ_CHUNK) },
      })) {
        const of = blockers.get(blockedId) ?? new Set<string>();
        of.add(blockerId);
        blockers.set(blockedId, of);
      }
    }
    return blockers;
  }
}

/**
 * The bell's unread count: unread notifications of the counted kinds, less those about users the reader
 * blocked (kept, and counted again once unblocked). Read the same way wherever a count is sent.
 */
export const countUnreadNotifications = async (store: RecordStore, userId: string): Promise<number> => {
  const notifications = store.collection<NotificationRecord>(COLLECTIONS.notifications);
  const unread = { userId, read: false, kind: { $in: COUNTED_NOTIFICATION_KINDS } };
  const blocked = [...(await new BlockedPairs(store).blockedBy(userId))];
  const [all, fromBlocked] = await Promise.all([
    notifications.count(unread),
    blocked.length === 0 ? 0 : notifications.count({ ...unread, 'actor._id': { $in: blocked } }),
  ]);
  return all - fromBlocked;
};
