import { Inject, Injectable } from '@nestjs/common';
import type { PasswordResetRecord } from '@skillers/domain';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import { RECORD_STORE } from '../core/tokens';

@Injectable()
export class PasswordResetsRepository {
  constructor(@Inject(RECORD_STORE) private readonly store: RecordStore) {}

  private get resets() {
    return this.store.collection<PasswordResetRecord>(COLLECTIONS.passwordResets);
  }

  /** Stores the user's new reset, and ends any earlier one: only the newest link works. */
  async replace(reset: PasswordResetRecord): Promise<void> {
    await this.resets.deleteMany({ userId: reset.userId });
    await this.resets.insert(reset);
  }

  findByHash(tokenHash: string) {
    return this.resets.findById(tokenHash);
  }

  /** Takes the reset for one use: true for the one caller that deleted it, so a token works once. */
  claim(tokenHash: string): Promise<boolean> {
    return this.resets.delete(tokenHash);
  }
}
