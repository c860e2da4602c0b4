import type { NotificationSettings } from '@skillers/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const notificationSettingsQuery = queryOptions({
  queryKey: ['user', 'notification-settings'],
  queryFn: () =>
    api
      .get<{ notificationSettings: NotificationSettings }>('/user/notification-settings')
      .then((answer) => answer.notificationSettings),
});

export const saveNotificationSettings = (settings: NotificationSettings) =>
  api.put<{ message: string; notificationSettings: NotificationSettings }>(
    '/user/notification-settings',
    settings,
  );
