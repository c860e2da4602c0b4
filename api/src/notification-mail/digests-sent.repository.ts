import { Inject, Injectable } from '@nestjs/common';
import { COLLECTIONS, type CompanionDocument, DuplicateKeyError, type RecordStore } from '@skillers/store';
import { RECORD_STORE } from '../core/tokens';

interface DigestSent {
  /** `<period>:<user id>`: the unique id makes a second claim of the same digest fail. */
  _id: string;
  userId: string;
  period: string;
  sentAt: string;
}

const sentRecord = (userId: string, period: string): DigestSent => ({
  _id: `${period}:${userId}`,
  userId,
  period,
  sentAt: new Date().toISOString(),
});

/** Which users were sent which period's digest. */
@Injectable()
export class DigestsSentRepository {
  constructor(@Inject(RECORD_STORE) private readonly store: RecordStore) {}

  private get rows() {
    return this.store.collection<DigestSent>(COLLECTIONS.digestsSent);
  }

  /** Records the digest as sent; false, recording nothing, when it was already (by any process). */
  async claim(userId: string, period: string): Promise<boolean> {
    try {
      await this.rows.insert(sentRecord(userId, period));
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  /**
   * The claim as a document to write with the digest itself (`WriteOptions.with`): that write then fails
   * with a DuplicateKeyError when the digest was sent already.
   */
  claimWith(userId: string, period: string): CompanionDocument {
    return { collection: COLLECTIONS.digestsSent, doc: sentRecord(userId, period) };
  }

  /** Takes a claim back when its mail could not be sent, so a later run sends it. */
  async release(userId: string, period: string): Promise<void> {
    await this.rows.delete(`${period}:${userId}`);
  }

  forget(userId: string): Promise<number> {
    return this.rows.deleteMany({ userId });
  }
}
