import { CHAT_EVENTS, type ChatMessage, type RealtimeMessage } from '@skillers/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../../../lib/auth';
import { type ChatSocket, useChatSocket, useConversationRoom } from '../../../lib/socket';
import { type Conversation, conversationQuery, conversationsQuery, sendMessageTo } from '../api/chat.api';
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
    socket.on(CHAT_EVENTS.message, onMessage);
    return () => {
      socket.off(CHAT_EVENTS.message, onMessage);
    };
  }, [socket, conversationId, friendId, user?.id, queryClient]);

  const send = useMutation({
    mutationFn: (text: string) =>
      conversationId && socket?.connected
        ? sendOverSocket(socket, conversationId, text)
        : sendMessageTo(friendId, text),
    onSuccess: (message) => {
      queryClient.setQueryData<Conversation>(conversationQuery(friendId).queryKey, (current) => ({
        _id: message.conversationId,
        messages: withMessage(current?.messages ?? [], message),
      }));
      void queryClient.invalidateQueries({ queryKey: conversationsQuery.queryKey });
    },
  });

  return { conversation, send };
};
