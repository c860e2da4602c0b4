import { CHAT_EVENTS, type ChatMessage, type ReadReceipt, type RealtimeMessage } from '@skillers/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useAuth } from '../../../lib/auth';
import { type ChatSocket, useChatSocket, useConversationRoom } from '../../../lib/socket';
import {
  type Conversation,
  conversationQuery,
  conversationsQuery,
  olderMessages,
  sendMessageTo,
} from '../api/chat.api';
import { fromRealtime, withMessage } from '../utils/chat-lines';

/** Longer than the server's own 5-second limit, so its answer (even a refusal) gets through first. */
const SEND_TIMEOUT_MS = 10_000;

const sendOverSocket = async (socket: ChatSocket, room: string, text: string): Promise<ChatMessage> => {
  const answer = await socket.timeout(SEND_TIMEOUT_MS).emitWithAck(CHAT_EVENTS.chat, { room, text });
  if (!answer.ok) throw new Error(answer.message);
  return answer.message;
};

/**
 * One conversation: its messages, live additions from the room, and sending. Messages go over the
 * socket once the conversation exists and the socket is up; otherwise over HTTP, which also starts
 * the conversation (the room is then joined because the conversation now has an id).
 */
export const useConversation = (friendId: string) => {
  const { user } = useAuth();
  const socket = useChatSocket();
  const queryClient = useQueryClient();
  const conversation = useQuery(conversationQuery(friendId));
  const conversationId = conversation.data?._id;

  useConversationRoom(socket, conversationId);

  useEffect(() => {
    if (!socket) return;
    const { queryKey } = conversationQuery(friendId);
    const onMessage = (payload: RealtimeMessage) => {
      if (payload.conversationId === conversationId) {
        queryClient.setQueryData<Conversation>(
          queryKey,
          (current) =>
            current && { ...current, messages: withMessage(current.messages, fromRealtime(payload)) },
        );
        // Reading the conversation again is what tells the server the new message has been seen.
        if (payload.senderId !== user?.id) void queryClient.invalidateQueries({ queryKey });
      }
    };
    // The friend opened the conversation: messages up to `readAt` are seen.
    const onRead = (receipt: ReadReceipt) => {
      if (receipt.conversationId !== conversationId || receipt.userId === user?.id) return;
      queryClient.setQueryData<Conversation>(
        queryKey,
        (current) =>
          current && {
            ...current,
            friendReadAt:
              current.friendReadAt && current.friendReadAt > receipt.readAt
                ? current.friendReadAt
                : receipt.readAt,
          },
      );
    };
    // The room only hears messages once its socket is connected and joined: what came before the first
    // connection, or while the connection was down, is read again on every connection.
    const onConnect = () => void queryClient.invalidateQueries({ queryKey });
    socket.on(CHAT_EVENTS.message, onMessage);
    socket.on(CHAT_EVENTS.read, onRead);
    socket.on('connect', onConnect);
    return () => {
      socket.off(CHAT_EVENTS.message, onMessage);
      socket.off(CHAT_EVENTS.read, onRead);
      socket.off('connect', onConnect);
    };
  }, [socket, conversationId, friendId, user?.id, queryClient]);

  const older = useOlderMessages(friendId, conversation.data);

  const send = useMutation({
    mutationFn: (text: string) =>
      conversationId && socket?.connected
        ? sendOverSocket(socket, conversationId, text)
        : sendMessageTo(friendId, text),
    onSuccess: (message) => {
      queryClient.setQueryData<Conversation>(conversationQuery(friendId).queryKey, (current) => ({
        hasMore: false,
        ...current,
        _id: message.conversationId,
        messages: withMessage(current?.messages ?? [], message),
      }));
      void queryClient.invalidateQueries({ queryKey: conversationsQuery.queryKey });
    },
  });

  return { conversation, send, older };
};

/**
 * Pages loaded by scrolling up, held apart from the latest page: that one is read again as messages
 * arrive, and these stay as they are. Each page asks for the messages before the oldest one held.
 */
const useOlderMessages = (friendId: string, latest: Conversation | undefined) => {
  const [pages, setPages] = useState<{ messages: ChatMessage[]; hasMore: boolean } | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const oldestId = (pages?.messages[0] ?? latest?.messages[0])?._id;
  const hasMore = pages ? pages.hasMore : (latest?.hasMore ?? false);

  const loadOlder = useCallback(async () => {
    if (loading || !hasMore || !oldestId) return;
    setLoading(true);
    setFailed(false);
    try {
      const page = await olderMessages(friendId, oldestId);
      setPages((current) => ({
        messages: [...page.messages, ...(current?.messages ?? [])],
        hasMore: page.hasMore,
      }));
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }, [friendId, loading, hasMore, oldestId]);

  return { messages: pages?.messages ?? [], hasMore, loading, failed, loadOlder };
};
