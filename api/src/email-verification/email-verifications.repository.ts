import { Inject, Injectable } from '@nestjs/common';
import type { EmailVerificationRecord } from '@skillers/domain';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import { RECORD_STORE } from '../core/tokens';

@Injectable()
export class EmailVerificationsRepository {
  constructor(@Inject(RECORD_STORE) private readonly store: RecordStore) {}

  private get verifications() {
    return this.store.collection<EmailVerificationRecord>(COLLECTIONS.emailVerifications);
  }

  /** Stores the user's new link, and ends any earlier one: only the newest link works. */
  async replace(verification: EmailVerificationRecord): Promise<void> {
    await this.verifications.deleteMany({ userId: verification.userId });
    await this.verifications.insert(verification);
  }

  findByHash(tokenHash: string) {
    return this.verifications.findById(tokenHash);
  }

  /** Takes the link for one use: true for the one caller that deleted it, so a token works once. */
  claim(tokenHash: string): Promise<boolean> {
    return this.verifications.delete(tokenHash);
  }
}
