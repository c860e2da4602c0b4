import {
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { ACCOUNT_MESSAGES, AUTH_MESSAGES, type UserRecord } from '@skillers/domain';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import { LiveAccounts } from '../auth/live-accounts';
import { PasswordHasher } from '../auth/password-hasher';
import { UsersRepository } from '../auth/users.repository';
import { RECORD_STORE } from '../core/tokens';
import { AccountDataRemoval } from './account-data-removal';

/** An account deleted whose data is still being removed; keyed by the user's id. */
interface PendingAccountDeletion {
  _id: string;
  deletedAt: string;
}

/**
 * Deletes an account. The user record goes in one write with a pending-deletion row (the outbox pattern):
 * from then on the email is free, the user's tokens stop working, and the row says the rest of the user's
 * data is still to be removed. The rest is removed before the delete is answered, and a restart finishes
 * any removal a crash interrupted, so an acknowledged delete is never undone.
 */
@Injectable()
export class AccountDeletionService implements OnApplicationBootstrap {
  private readonly logger = new Logger(AccountDeletionService.name);

  constructor(
    @Inject(RECORD_STORE) private readonly store: RecordStore,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly accounts: LiveAccounts,
    private readonly removal: AccountDataRemoval,
  ) {}

  private get pending() {
    return this.store.collection<PendingAccountDeletion>(COLLECTIONS.accountDeletions);
  }

  async onApplicationBootstrap(): Promise<void> {
    for (const { _id } of await this.pending.find({})) {
      this.logger.log(`Finishing the deletion of account ${_id}`);
      await this.finish(_id);
    }
  }

  /** The user's own request: the password again, so a left-open session cannot delete the account. */
  async deleteOwn(userId: string, password: string): Promise<{ message: string }> {
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundException(ACCOUNT_MESSAGES.accountNotFound);
    // 403, not 401: the session is fine, and clients drop their token on a 401.
    if (!(await this.hasher.verify(user.passwordHash, password)))
      throw new ForbiddenException({ message: AUTH_MESSAGES.wrongPassword, field: 'password' });
    return this.delete(user);
  }

  /** An operator's request, by email (the command line). */
  async deleteByEmail(email: string): Promise<{ message: string; userId: string }> {
    const user = await this.users.findByEmail(email);
    if (!user) throw new NotFoundException(ACCOUNT_MESSAGES.accountNotFound);
    return { ...(await this.delete(user)), userId: user._id };
  }

  private async delete(user: UserRecord): Promise<{ message: string }> {
    const pending: PendingAccountDeletion = { _id: user._id, deletedAt: new Date().toISOString() };
    await this.users.delete(user._id, { with: [{ collection: COLLECTIONS.accountDeletions, doc: pending }] });
    this.accounts.deleted(user._id);
    await this.finish(user._id);
    return { message: ACCOUNT_MESSAGES.deleted };
  }

  private async finish(userId: string): Promise<void> {
    await this.removal.remove(userId);
    await this.pending.delete(userId);
  }
}
