import { CHAT_EVENTS, type NotificationsPage, type UnreadMessages } from '@skillers/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../../lib/auth';
import { useChatSocket } from '../../lib/socket';
import { notificationsQuery, unreadMessagesQuery } from './notifications.api';

export interface UnreadCounts {
  messages: number;
  notifications: number;
  /** What the My Account badge shows: a message counts once, in `messages`. */
  total: number;
}

/**
 * The signed-in user's unread counts, read once and then kept current by the server's pushes: `unread`
 * after a message arrives or a conversation is read (in any tab), `notification` after a like or comment, `notifications-read` after any tab marked them read.
 */
export const useUnread = (): UnreadCounts => {
  const { isSignedIn } = useAuth();
  const socket = useChatSocket();
  const queryClient = useQueryClient();
  const messages = useQuery({ ...unreadMessagesQuery, enabled: isSignedIn });
  const notifications = useQuery({ ...notificationsQuery, enabled: isSignedIn });

  useEffect(() => {
    if (!socket) return;
    const onUnread = (payload: UnreadMessages) =>
      queryClient.setQueryData(unreadMessagesQuery.queryKey, payload);
    // The list is read again so a new, refreshed or newly read notification shows as it is now.
    const onNotification = () =>
      void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
    // Pushes only reach a connected socket: whatever came before the first connection, or while the
    // connection was down, is read again on every connection.
    const onConnect = () => {
      void queryClient.invalidateQueries({ queryKey: unreadMessagesQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
    };
    socket.on(CHAT_EVENTS.unread, onUnread);
    socket.on(CHAT_EVENTS.notification, onNotification);
    socket.on(CHAT_EVENTS.notificationsRead, onNotification);
    socket.on('connect', onConnect);
    return () => {
      socket.off(CHAT_EVENTS.unread, onUnread);
      socket.off(CHAT_EVENTS.notification, onNotification);
      socket.off(CHAT_EVENTS.notificationsRead, onNotification);
      socket.off('connect', onConnect);
    };
  }, [socket, queryClient]);

  const unreadMessages = messages.data?.messages ?? 0;
  const unreadNotifications = (notifications.data as NotificationsPage | undefined)?.unread ?? 0;
  return {
    messages: unreadMessages,
    notifications: unreadNotifications,
    total: unreadMessages + unreadNotifications,
  };
};
