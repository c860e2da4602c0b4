import type { AccountSettings } from '@skillers/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

/** The signed-in user's account: the settings screen edits it, the confirmation banner reads it. */
export const settingsQuery = queryOptions({
  queryKey: ['user', 'settings'],
  queryFn: () => api.get<{ user: AccountSettings }>('/user/settings').then((answer) => answer.user),
});
