import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { UsersRepository } from './users.repository';

/** How long an answer about one account is reused before the store is asked again. */
export const ACCOUNT_CHECK_TTL_MS = 30_000;
const ACCOUNTS_REMEMBERED = 100_000;
/** The cached answer for an account that no longer exists. */
const GONE = -1;

/**
 * Whether the session a token stands for is still live: its account exists and its token version is the
 * account's current one (a password reset or change raises it, ending every older session). A signed token
 * outlives both, so every authenticated request and socket event asks; answers are kept briefly so that costs
 * a map lookup, not a store read, and concurrent first asks for one account share a single read. This node
 * forgets an account when it raises its version; other api nodes follow within the TTL.
 */
@Injectable()
export class LiveAccounts {
  private readonly versions: LRUCache<string, number>;

  constructor(users: UsersRepository) {
    this.versions = new LRUCache<string, number>({
      max: ACCOUNTS_REMEMBERED,
      ttl: ACCOUNT_CHECK_TTL_MS,
      fetchMethod: async (id) => {
        const user = await users.findById(id);
        return user ? (user.tokenVersion ?? 0) : GONE;
      },
    });
  }

  async isLive(id: string, tokenVersion: number): Promise<boolean> {
    return (await this.versions.fetch(id)) === tokenVersion;
  }

  /** Drops what is known of the account, after its token version was raised or it was deleted. */
  forget(id: string): void {
    this.versions.delete(id);
  }

  /** An account deleted here stops at once; other processes see it gone within ACCOUNT_CHECK_TTL_MS. */
  deleted(id: string): void {
    this.versions.set(id, GONE);
  }
}
