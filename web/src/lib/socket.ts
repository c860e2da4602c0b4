import {
  CHAT_EVENTS,
  CHAT_MESSAGES,
  type ChatEventError,
  type ChatMessage,
  type ReadReceipt,
  type RealtimeMessage,
  type RealtimeNotification,
  type UnreadMessages,
} from '@skillers/domain';
import { useEffect, useMemo, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { useAuth } from './auth';
import { tokenStorage } from './token-storage';

/** How the real-time channel connects and keeps reconnecting. */
export const CHAT_SOCKET_OPTIONS = {
  path: '/socket.io',
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20000,
  reconnectionAttempts: Infinity,
} as const;

export type ChatAck = { ok: true; message: ChatMessage } | { ok: false; message: string };

interface ServerToClientEvents {
  [CHAT_EVENTS.message]: (payload: RealtimeMessage) => void;
  [CHAT_EVENTS.exception]: (payload: ChatEventError) => void;
  [CHAT_EVENTS.unread]: (payload: UnreadMessages) => void;
  [CHAT_EVENTS.read]: (payload: ReadReceipt) => void;
  [CHAT_EVENTS.notification]: (payload: RealtimeNotification) => void;
  [CHAT_EVENTS.notificationsRead]: (payload: { unread: number }) => void;
}

interface ClientToServerEvents {
  [CHAT_EVENTS.join]: (conversationId: string) => void;
  [CHAT_EVENTS.chat]: (payload: { room: string; text: string }, ack: (answer: ChatAck) => void) => void;
}

export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface Session {
  token: string;
  socket: ChatSocket;
  stopWatching(): void;
}

let session: Session | null = null;

const closeSession = () => {
  session?.stopWatching();
  session?.socket.disconnect();
  session = null;
};

/**
 * The one connection of the signed-in session, opened on first use. It closes when the token goes
 * away or changes (logout, another account, a rejected session), so no socket outlives its user.
 */
export const chatSocketFor = (token: string): ChatSocket => {
  if (session?.token === token) return session.socket;
  closeSession();
  const socket: ChatSocket = io({ ...CHAT_SOCKET_OPTIONS, auth: { token } });
  const stopWatching = tokenStorage.subscribe(() => {
    if (tokenStorage.get() !== token) closeSession();
  });
  session = { token, socket, stopWatching };
  return socket;
};

/** The session's socket, or null for visitors (the API refuses sockets without a token). */
export const useChatSocket = (): ChatSocket | null => {
  const { token } = useAuth();
  return useMemo(() => (token ? chatSocketFor(token) : null), [token]);
};

/**
 * Joins a conversation's room now and again after every reconnection: the server forgets a
 * socket's rooms when the connection drops.
 */
export const useConversationRoom = (socket: ChatSocket | null, conversationId: string | undefined) => {
  useEffect(() => {
    if (!socket || !conversationId) return;
    const join = () => socket.emit(CHAT_EVENTS.join, conversationId);
    if (socket.connected) join();
    socket.on('connect', join);
    return () => {
      socket.off('connect', join);
    };
  }, [socket, conversationId]);
};

/** socket.io names a connection attempt that ran past `timeout` this way. */
const CONNECT_TIMEOUT = 'timeout';

/** The socket's failure texts, each inside a sentence that says what happens next (docs/web-app.md). */
export const politeSocketNotice = (problem: string): string => {
  switch (problem) {
    case CHAT_MESSAGES.disconnected:
      return `Live chat paused: ${CHAT_MESSAGES.disconnected}. Reconnecting...`;
    case CHAT_MESSAGES.timedOut:
      return `Live chat is slow to answer: ${CHAT_MESSAGES.timedOut}. Please try again in a moment.`;
    case CHAT_MESSAGES.serverError:
      return `Live chat ran into a problem (${CHAT_MESSAGES.serverError}). Please try again in a moment.`;
    default:
      return `Live chat is unavailable: ${problem}`;
  }
};

/**
 * What is wrong with the live channel right now, as a polite sentence, or null while it works.
 * A refused `chat` is left to the send that asked for it, which says so itself.
 */
export const useSocketProblem = (socket: ChatSocket | null): string | null => {
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!socket) return;
    const onConnect = () => setProblem(null);
    const onDisconnect = (reason: Socket.DisconnectReason) => {
      if (reason !== 'io client disconnect') setProblem(CHAT_MESSAGES.disconnected);
    };
    const onConnectError = (error: Error) => {
      if (error.message === CONNECT_TIMEOUT) setProblem(CHAT_MESSAGES.timedOut);
      // While socket.io retries by itself the channel is merely down; a refusal by the server is final.
      else setProblem(socket.active ? CHAT_MESSAGES.disconnected : error.message);
    };
    const onException = (failure: ChatEventError) => {
      if (failure.event !== CHAT_EVENTS.chat) setProblem(failure.message);
    };
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onConnectError);
    socket.on(CHAT_EVENTS.exception, onException);
    return () => {
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onConnectError);
      socket.off(CHAT_EVENTS.exception, onException);
    };
  }, [socket]);

  return problem && politeSocketNotice(problem);
};
