import { Inject, Injectable } from '@nestjs/common';
import { type UserRecord, usernameKey } from '@skillers/domain';
import { COLLECTIONS, type RecordStore, type WriteOptions } from '@skillers/store';
import { RECORD_STORE } from '../core/tokens';

@Injectable()
export class UsersRepository {
  constructor(@Inject(RECORD_STORE) private readonly store: RecordStore) {}

  private get users() {
    return this.store.collection<UserRecord>(COLLECTIONS.users);
  }

  insert(user: UserRecord) {
    return this.users.insert(user);
  }

  findById(id: string) {
    return this.users.findById(id);
  }

  findByIds(ids: readonly string[]) {
    return this.users.find({ _id: { $in: ids } });
  }

  findByEmail(email: string) {
    return this.users.findOne({ email: email.toLowerCase() });
  }

  findByUsername(username: string) {
    return this.users.findOne({ usernameKey: usernameKey(username) });
  }

  /** Everyone but the asking user, by name, for pickers such as the conversation list. */
  listOthers(userId: string) {
    return this.users
      .find({}, { sort: [{ field: 'usernameKey', direction: 'asc' }] })
      .then((all) => all.filter((user) => user._id !== userId));
  }

  update(id: string, set: Partial<Omit<UserRecord, '_id'>>, unset: (keyof UserRecord)[] = []) {
    return this.users.update(id, set, unset);
  }

  delete(id: string, options?: WriteOptions) {
    return this.users.delete(id, options);
  }

  count() {
    return this.users.count({});
  }
}
