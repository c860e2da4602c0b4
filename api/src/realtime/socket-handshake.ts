import { CHAT_MESSAGES, HTTP_MESSAGES } from '@skillers/domain';
import type { Socket } from 'socket.io';
import type { AuthenticatedUser, TokenService } from '../auth/token.service';
import type { SocketsPerUser } from './sockets-per-user';

type SocketMiddleware = (socket: Socket, next: (error?: Error) => void) => void;

export const CROSS_ORIGIN_REFUSED = 'This site may not open a chat connection.';

/**
 * CORS does not cover WebSocket upgrades, so the handshake checks the browser's Origin itself:
 * the page's own origin and the configured API origins pass. Clients that send no Origin (not
 * browsers) pass here and still need a token.
 */
export const sameOriginOnly =
  (allowedOrigins: readonly string[]): SocketMiddleware =>
  (socket, next) => {
    const { origin, host } = socket.handshake.headers;
    if (!origin) return next();
    const ownOrigins = host ? [`http://${host}`, `https://${host}`] : [];
    if (ownOrigins.includes(origin) || allowedOrigins.includes(origin)) return next();
    next(new Error(CROSS_ORIGIN_REFUSED));
  };

const handshakeToken = (socket: Socket): string | undefined => {
  const fromAuth: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
  const raw = typeof fromAuth === 'string' ? fromAuth : socket.handshake.headers.authorization;
  if (!raw) return undefined;
  const [first, second] = raw.trim().split(/\s+/);
  if (second === undefined) return first || undefined;
  return first.toLowerCase() === 'bearer' ? second : undefined;
};

/**
 * Only signed-in users of existing accounts connect: the token (auth `token` or a bearer Authorization
 * header) is checked here, and each user holds at most `sockets.limit` connections in this process.
 * `coolingDown` users (closed for flooding a moment ago) are refused.
 */
export const signedInOnly =
  (
    tokens: TokenService,
    sockets: SocketsPerUser,
    coolingDown: (userId: string) => boolean,
  ): SocketMiddleware =>
  (socket, next) => {
    const token = handshakeToken(socket);
    if (!token) return next(new Error(HTTP_MESSAGES.unauthorized));
    tokens.verify(token).then(
      (result) => {
        if (!result) return next(new Error(HTTP_MESSAGES.unauthorized));
        if ('expired' in result && result.expired) return next(new Error(HTTP_MESSAGES.sessionExpired));
        const user = result as AuthenticatedUser;
        if (coolingDown(user.id)) return next(new Error(CHAT_MESSAGES.eventFloodCoolDown));
        if (!sockets.open(user.id, socket)) return next(new Error(CHAT_MESSAGES.tooManySockets));
        socket.data.user = user;
        next();
      },
      () => next(new Error(CHAT_MESSAGES.serverError)),
    );
  };

export const socketUser = (socket: Socket): AuthenticatedUser => socket.data.user as AuthenticatedUser;
