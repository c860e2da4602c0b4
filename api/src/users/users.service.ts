import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  type AccountSettings,
  AUTH_MESSAGES,
  FORM_MESSAGES,
  type PublicUser,
  type SettingsInput,
  type UserRecord,
  isEmailVerified,
} from '@skillers/domain';
import { DuplicateKeyError } from '@skillers/store';
import { UsersRepository } from '../auth/users.repository';
import { AppEvents } from '../core/events/app-events.service';

const OPTIONAL_SETTINGS = ['name', 'surname', 'phoneNumber'] as const;

export const toPublicUser = (user: UserRecord): PublicUser => ({ _id: user._id, username: user.username });

const toSettings = (user: UserRecord): AccountSettings => ({
  ...toPublicUser(user),
  email: user.email,
  name: user.name ?? '',
  surname: user.surname ?? '',
  phoneNumber: user.phoneNumber ?? '',
  emailVerified: isEmailVerified(user),
});

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly events: AppEvents,
  ) {}

  async settings(userId: string): Promise<{ user: AccountSettings }> {
    return { user: toSettings(await this.existing(userId)) };
  }

  async updateSettings(
    userId: string,
    input: SettingsInput,
  ): Promise<{ message: string; user: AccountSettings }> {
    const current = await this.existing(userId);
    const set: Partial<UserRecord> = {};
    const unset: (keyof UserRecord)[] = [];
    for (const key of OPTIONAL_SETTINGS) {
      const value = input[key];
      if (value === undefined) continue;
      if (value === '') unset.push(key);
      else set[key] = value;
    }
    if (input.email && input.email !== current.email) {
      const holder = await this.users.findByEmail(input.email);
      if (holder) throw new ConflictException({ message: AUTH_MESSAGES.emailTaken, field: 'email' });
      set.email = input.email;
      // A new address is confirmed again: a link goes to it once it is stored.
      set.emailVerified = false;
    }
    try {
      const updated = await this.users.update(userId, set, unset);
      if (!updated) throw new NotFoundException('Account not found');
      if (set.email)
        await this.events.publish('email.unverified', {
          userId,
          username: updated.username,
          email: updated.email,
        });
      return { message: FORM_MESSAGES.settingsSaved, user: toSettings(updated) };
    } catch (error) {
      if (error instanceof DuplicateKeyError) {
        throw new ConflictException({ message: AUTH_MESSAGES.emailTaken, field: 'email' });
      }
      throw error;
    }
  }

  async others(userId: string): Promise<{ users: PublicUser[] }> {
    return { users: (await this.users.listOthers(userId)).map(toPublicUser) };
  }

  private async existing(userId: string): Promise<UserRecord> {
    const user = await this.users.findById(userId);
    // A valid token for an account that no longer exists.
    if (!user) throw new NotFoundException('Account not found');
    return user;
  }
}
