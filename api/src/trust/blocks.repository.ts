import { Inject, Injectable } from '@nestjs/common';
import type { BlockRecord } from '@skillers/domain';
import { BlockedPairs } from '@skillers/indexing';
import { COLLECTIONS, DuplicateKeyError, newId, type RecordStore } from '@skillers/store';
import { NEWEST_FIRST } from '../common/newest-first';
import { RECORD_STORE } from '../core/tokens';

/**
 * Who blocked whom; the unique pair index makes blocking twice harmless. The checks are `BlockedPairs`,
 * the ones the alerts of the index worker read too.
 */
@Injectable()
export class BlocksRepository {
  private readonly pairs: BlockedPairs;

  constructor(@Inject(RECORD_STORE) private readonly store: RecordStore) {
    this.pairs = new BlockedPairs(store);
  }

  private get blocks() {
    return this.store.collection<BlockRecord>(COLLECTIONS.blocks);
  }

  async block(blockerId: string, blockedId: string): Promise<void> {
    try {
      await this.blocks.insert({ _id: newId(), blockerId, blockedId, createdAt: new Date().toISOString() });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
  }

  async unblock(blockerId: string, blockedId: string): Promise<void> {
    await this.blocks.deleteMany({ blockerId, blockedId });
  }

  hasBlocked(blockerId: string, blockedId: string): Promise<boolean> {
    return this.pairs.hasBlocked(blockerId, blockedId);
  }

  /** The users `blockerId` blocked, most recent first. */
  blockedBy(blockerId: string): Promise<BlockRecord[]> {
    return this.blocks.find({ blockerId }, { sort: NEWEST_FIRST });
  }

  blockedIdsOf(blockerId: string): Promise<Set<string>> {
    return this.pairs.blockedBy(blockerId);
  }

  /** The users who blocked `blockedId`. */
  async blockerIdsOf(blockedId: string): Promise<Set<string>> {
    return (await this.pairs.blockersOf([blockedId])).get(blockedId) ?? new Set();
  }
}
