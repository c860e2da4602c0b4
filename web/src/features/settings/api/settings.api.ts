import type { AccountSettings, ChangePasswordInput, SettingsInput } from '@skillers/domain';
import { api } from '../../../lib/api-client';

export const saveSettings = (input: SettingsInput) =>
  api.patch<{ message: string; user: AccountSettings }>('/user/settings', input);

/** Answers with a fresh token: the old one, like every other session's, no longer works. */
export const changePassword = (input: ChangePasswordInput) =>
  api.put<{ message: string; token: string }>('/user/password', input);
