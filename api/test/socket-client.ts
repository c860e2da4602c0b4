import { io, type Socket } from 'socket.io-client';

export interface ConnectOptions {
  token?: string;
  /** Send the token as a bearer Authorization header instead of the handshake's auth field. */
  tokenInHeader?: boolean;
  headers?: Record<string, string>;
  transports?: ('websocket' | 'polling')[];
}

/** A real socket.io client connected to the API; rejects with the server's refusal message. */
export const connectSocket = (baseUrl: string, options: ConnectOptions = {}): Promise<Socket> => {
  const headers = { ...options.headers };
  if (options.token && options.tokenInHeader) headers.authorization = `Bearer ${options.token}`;
  const socket = io(baseUrl, {
    path: '/socket.io',
    transports: options.transports ?? ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 5_000,
    extraHeaders: headers,
    auth: options.token && !options.tokenInHeader ? { token: options.token } : {},
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
};

/** The next `event` on the socket, or a rejection after `ms`. */
export const nextEvent = <T = unknown>(socket: Socket, event: string, ms = 2_000): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, onEvent);
      reject(new Error(`no "${event}" event within ${ms} ms`));
    }, ms);
    const onEvent = (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, onEvent);
  });

/** Every `event` the socket receives while `ms` pass, to show that nothing arrived. */
export const eventsDuring = async <T = unknown>(socket: Socket, event: string, ms: number): Promise<T[]> => {
  const seen: T[] = [];
  const onEvent = (payload: T) => seen.push(payload);
  socket.on(event, onEvent);
  await new Promise((resolve) => setTimeout(resolve, ms));
  socket.off(event, onEvent);
  return seen;
};
