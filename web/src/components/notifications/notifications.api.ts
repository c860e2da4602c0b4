import type { NotificationsPage, UnreadMessages } from '@skillers/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const unreadMessagesQuery = queryOptions({
  queryKey: ['chat', 'unread'],
  queryFn: () => api.get<UnreadMessages>('/chat/unread'),
});

export const notificationsQuery = queryOptions({
  queryKey: ['notifications'],
  queryFn: () => api.get<NotificationsPage>('/notifications'),
});

export const markAllNotificationsRead = () =>
  api.post<{ marked: number; unread: number }>('/notifications/read');
