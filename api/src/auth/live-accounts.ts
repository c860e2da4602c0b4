import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { UsersRepository } from './users.repository';

/** How long an answer about one account is reused before the store is asked again. */
export const ACCOUNT_CHECK_TTL_MS = 30_000;
const ACCOUNTS_REMEMBERED = 100_000;

/**
 * Whether the account a token names still exists. A signed token outlives its account, so every
 * authenticated request and socket asks; answers are kept briefly so that costs a map lookup, not a
 * store read, and concurrent first asks for one account share a single read.
 */
@Injectable()
export class LiveAccounts {
  private readonly known: LRUCache<string, boolean>;

  constructor(users: UsersRepository) {
    this.known = new LRUCache<string, boolean>({
      max: ACCOUNTS_REMEMBERED,
      ttl: ACCOUNT_CHECK_TTL_MS,
      fetchMethod: async (id) => (await users.findById(id)) !== null,
    });
  }

  async exists(id: string): Promise<boolean> {
    return (await this.known.fetch(id)) === true;
  }

  /** An account deleted here stops at once; other processes see it gone within ACCOUNT_CHECK_TTL_MS. */
  deleted(id: string): void {
    this.known.set(id, false);
  }
}
