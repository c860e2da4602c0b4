import { HttpException, Inject, Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayConnection,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import {
  CHAT_EVENTS,
  CHAT_MESSAGES,
  type ChatEventError,
  chatEventSchema,
  type ChatMessage,
  fieldIssues,
  HTTP_MESSAGES,
  joinEventSchema,
} from '@skillers/domain';
import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import { LiveAccounts } from '../auth/live-accounts';
import { TokenService } from '../auth/token.service';
import { RateLimits, TooManyRequestsException, USER_LIMITS } from '../common/rate-limits';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../core/tokens';
import { RealtimeBroadcaster, userRoom } from './realtime-broadcaster';
import { CONVERSATIONS, type Conversations } from './conversations.port';
import { EventBudget, type Refusal, scaledEventBudget } from './event-budget';
import { sameOriginOnly, signedInOnly, socketUser } from './socket-handshake';
import { SocketsPerUser } from './sockets-per-user';

/** A 2000-character message is at most about 8 KB of UTF-8; anything far bigger is not a chat message. */
export const SOCKET_MAX_PAYLOAD_BYTES = 16 * 1024;
/** An event that has not finished by then is answered with "operation has timed out". */
export const SOCKET_EVENT_TIMEOUT_MS = 5_000;

export type ChatAck =
  | { ok: true; conversationId: string }
  | { ok: true; message: ChatMessage }
  | ({ ok: false } & Omit<ChatEventError, 'event'>);

/** Names budget refusals in `exception` events, whatever the refused event was called. */
export const BUDGET_EVENT = 'budget';

class EventRefused extends Error {
  constructor(readonly failure: Omit<ChatEventError, 'event'>) {
    super(failure.message);
  }
}

class EventTimedOut extends Error {}

/** setTimeout fires at once past this delay (about 24.8 days), so longer waits are re-armed. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Calls `then` at `at` (ms since the epoch); returns a function that cancels it. */
const atTime = (at: number, then: () => void): (() => void) => {
  let timer: NodeJS.Timeout;
  const arm = () => {
    const wait = at - Date.now();
    timer = wait > MAX_TIMER_MS ? setTimeout(arm, MAX_TIMER_MS) : setTimeout(then, Math.max(0, wait));
  };
  arm();
  return () => clearTimeout(timer);
};

const parsed = <Schema extends z.ZodType>(schema: Schema, payload: unknown): z.infer<Schema> => {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  const errors = fieldIssues(result.error);
  throw new EventRefused({ message: errors[0]?.message ?? 'Invalid event', errors });
};

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new EventTimedOut()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
};

/**
 * The real-time channel: `join` a conversation, `chat` into it, and receive `message`. Every
 * handler answers refusals on the `exception` event (and the ack, when the client asked for one);
 * no payload can make a handler throw.
 */
@WebSocketGateway({
  path: '/socket.io',
  serveClient: false,
  maxHttpBufferSize: SOCKET_MAX_PAYLOAD_BYTES,
  // No CORS headers here: ChatIoAdapter sets the CORS_ORIGINS policy. The handshake checks Origin for WebSockets.
  cors: { origin: false },
})
export class ChatGateway implements OnGatewayInit<Server>, OnGatewayConnection<Socket> {
  private readonly logger = new Logger(ChatGateway.name);
  private readonly sockets = new SocketsPerUser();
  private readonly budget: EventBudget;

  constructor(
    @Inject(CONVERSATIONS) private readonly chat: Conversations,
    private readonly tokens: TokenService,
    private readonly accounts: LiveAccounts,
    private readonly broadcaster: RealtimeBroadcaster,
    private readonly limits: RateLimits,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.budget = new EventBudget(scaledEventBudget(config.rateLimitScale));
  }

  afterInit(server: Server): void {
    server.use(sameOriginOnly(this.config.corsOrigins));
    server.use(signedInOnly(this.tokens, this.sockets, (userId) => this.budget.coolingDown(userId)));
    this.broadcaster.attach(server);
  }

  /**
   * The handshake middleware has already refused anyone without a valid token. The token was checked once,
   * so the socket is closed when it expires, with an `exception` saying so first. The event budget is put
   * in front of the handlers before any event can reach them.
   */
  async handleConnection(socket: Socket): Promise<void> {
    const { id, expiresAt } = socketUser(socket);
    this.budget.guard(socket, id, (refusal) => this.overBudget(refusal));
    if (expiresAt !== undefined) {
      const cancel = atTime(expiresAt, () => this.endSession(socket, HTTP_MESSAGES.sessionExpired));
      socket.once('disconnect', cancel);
    }
    await socket.join(userRoom(id));
  }

  @SubscribeMessage(CHAT_EVENTS.join)
  join(@ConnectedSocket() socket: Socket, @MessageBody() payload: unknown): Promise<ChatAck> {
    return this.handle(socket, CHAT_EVENTS.join, async () => {
      await this.limits.consume(USER_LIMITS.joins, socketUser(socket).id);
      const conversationId = parsed(joinEventSchema, payload);
      await this.chat.assertParticipant(socketUser(socket).id, conversationId);
      await socket.join(conversationId);
      return { ok: true, conversationId };
    });
  }

  @SubscribeMessage(CHAT_EVENTS.chat)
  send(@ConnectedSocket() socket: Socket, @MessageBody() payload: unknown): Promise<ChatAck> {
    return this.handle(socket, CHAT_EVENTS.chat, async () => {
      // One allowance with the HTTP sends, so switching transport gains nothing.
      await this.limits.consume(USER_LIMITS.messages, socketUser(socket).id);
      const input = parsed(chatEventSchema, payload);
      const message = await this.chat.sendInConversation(socketUser(socket).id, input.room, input.text);
      return { ok: true, message };
    });
  }

  private async handle(socket: Socket, event: string, work: () => Promise<ChatAck>): Promise<ChatAck> {
    try {
      // An account deleted, or its password reset or changed, after the handshake: its socket can do nothing more.
      const { id, tokenVersion } = socketUser(socket);
      if (!(await this.accounts.isLive(id, tokenVersion))) {
        this.endSession(socket, HTTP_MESSAGES.unauthorized);
        return { ok: false, message: HTTP_MESSAGES.unauthorized };
      }
      return await withTimeout(work(), SOCKET_EVENT_TIMEOUT_MS);
    } catch (error) {
      const failure = this.describe(error);
      socket.emit(CHAT_EVENTS.exception, { event, ...failure } satisfies ChatEventError);
      return { ok: false, ...failure };
    }
  }

  /** A dropped event is answered like any refusal; a socket that stayed over budget is closed and logged. */
  private overBudget({ socket, retryAfterSeconds, exhausted }: Refusal): ChatAck {
    if (exhausted) {
      this.logger.warn(
        `Closed a chat socket of user ${socketUser(socket).id} that stayed over its event budget`,
      );
      this.endSession(socket, CHAT_MESSAGES.eventFlood, BUDGET_EVENT);
      return { ok: false, message: CHAT_MESSAGES.eventFlood };
    }
    const failure = { message: CHAT_MESSAGES.tooManyEvents, retryAfterSeconds };
    socket.emit(CHAT_EVENTS.exception, { event: BUDGET_EVENT, ...failure } satisfies ChatEventError);
    return { ok: false, ...failure };
  }

  private endSession(socket: Socket, message: string, event = 'session'): void {
    socket.emit(CHAT_EVENTS.exception, { event, message } satisfies ChatEventError);
    socket.disconnect(true);
  }

  private describe(error: unknown): Omit<ChatEventError, 'event'> {
    if (error instanceof EventRefused) return error.failure;
    if (error instanceof EventTimedOut) return { message: CHAT_MESSAGES.timedOut };
    if (error instanceof TooManyRequestsException)
      return { message: error.message, retryAfterSeconds: error.retryAfterSeconds };
    if (error instanceof HttpException && error.getStatus() < 500) return { message: error.message };
    this.logger.error(error instanceof Error ? error.stack : error);
    return { message: CHAT_MESSAGES.serverError };
  }
}
