import type { Socket } from 'socket.io';

/**
 * Tokens that refill continuously: up to `burst` at once, then `perSecond`. Synchronous and two numbers
 * wide, because it is taken for every incoming packet, floods included; rate-limiter-flexible's
 * promise and result object per call would cost more than the event it refuses.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    now = Date.now(),
  ) {
    this.tokens = burst;
    this.updatedAt = now;
  }

  /** Takes one token; false when none is left. */
  take(now = Date.now()): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.updatedAt) / 1_000) * this.perSecond);
    this.updatedAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Seconds until a token is back. */
  get secondsToNext(): number {
    return Math.max(1, Math.ceil((1 - this.tokens) / this.perSecond));
  }
}

export interface EventBudgetNumbers {
  /** Events one socket may send at once, and per second after that. */
  socketBurst: number;
  socketPerSecond: number;
  /** The same over all of one user's sockets in this process. */
  userBurst: number;
  userPerSecond: number;
  /**
   * Refused events a socket may send before it is disconnected, and how fast that allowance comes back:
   * a brief overshoot is forgiven, a socket that stays over budget is closed.
   */
  refusalsBeforeDisconnect: number;
  refusalsForgivenPerSecond: number;
  /** After such a close, the user's new connections are refused for this long. */
  coolDownSeconds: number;
}

/**
 * Far above what a person does (typing fast sends a few messages a second, a reconnect joins a few
 * conversations at once), far below a flood (thousands of events a second). A burst holds a whole
 * minute's worth of the per-user `chat` and `join` limits (60 + 120), so those, not the budget, answer
 * a busy client. The event rates are multiplied by RATE_LIMIT_SCALE, like the per-minute limits.
 */
export const EVENT_BUDGET: EventBudgetNumbers = {
  socketBurst: 200,
  socketPerSecond: 20,
  userBurst: 400,
  userPerSecond: 50,
  refusalsBeforeDisconnect: 100,
  refusalsForgivenPerSecond: 10,
  coolDownSeconds: 60,
};

export const scaledEventBudget = (scale: number, numbers = EVENT_BUDGET): EventBudgetNumbers => ({
  ...numbers,
  socketBurst: Math.max(1, Math.round(numbers.socketBurst * scale)),
  socketPerSecond: numbers.socketPerSecond * scale,
  userBurst: Math.max(1, Math.round(numbers.userBurst * scale)),
  userPerSecond: numbers.userPerSecond * scale,
});

/** What happened to a refused event: it was dropped, and whether its socket is now over for good. */
export interface Refusal {
  socket: Socket;
  retryAfterSeconds: number;
  /** The socket stayed over budget: the caller closes it. */
  exhausted: boolean;
}

type Ack = (answer: unknown) => void;

/**
 * Every incoming packet of a socket, whatever its event name (unknown ones included), takes a token from
 * the socket's bucket and from its user's (a `socket.use` middleware: it runs before any handler, and a
 * packet it does not pass on is dropped). Past either budget the event costs no store work: `refused`
 * says what to answer, which goes to the event's acknowledgement when it asked for one. Each refusal also
 * takes from the socket's refusals allowance; once that is gone the refusal is `exhausted`, the caller
 * closes the socket, its later packets are dropped unanswered and the user is `coolingDown` a while, so a
 * flood that reconnects at once costs a refused handshake, not another socket's worth of events. Counts
 * are per API process, as the sockets-per-user cap.
 */
export class EventBudget {
  private readonly users = new Map<
    string,
    { bucket: TokenBucket; sockets: number; forget?: NodeJS.Timeout }
  >();

  /** Users whose socket was closed for flooding, until when their handshakes are refused. */
  private readonly closedUntil = new Map<string, number>();

  constructor(private readonly numbers: EventBudgetNumbers) {}

  coolingDown(userId: string, now = Date.now()): boolean {
    return (this.closedUntil.get(userId) ?? 0) > now;
  }

  /** Puts the budget in front of every event the socket sends. */
  guard(socket: Socket, userId: string, refused: (refusal: Refusal) => unknown): void {
    const own = new TokenBucket(this.numbers.socketBurst, this.numbers.socketPerSecond);
    const refusals = new TokenBucket(
      this.numbers.refusalsBeforeDisconnect,
      this.numbers.refusalsForgivenPerSecond,
    );
    const user = this.userBucket(userId, socket);
    let exhausted = false;
    socket.use((packet, next) => {
      if (exhausted) return;
      const now = Date.now();
      // Both buckets are taken from, so one socket's flood also spends its user's allowance.
      const withinSocket = own.take(now);
      const withinUser = user.take(now);
      if (withinSocket && withinUser) return next();
      exhausted = !refusals.take(now);
      if (exhausted) this.coolDown(userId, now);
      const ack = packet.at(-1);
      const answer = refused({
        socket,
        retryAfterSeconds: withinSocket ? user.secondsToNext : own.secondsToNext,
        exhausted,
      });
      if (typeof ack === 'function') (ack as Ack)(answer);
    });
  }

  private coolDown(userId: string, now: number): void {
    const ms = this.numbers.coolDownSeconds * 1_000;
    this.closedUntil.set(userId, now + ms);
    setTimeout(() => {
      if (!this.coolingDown(userId)) this.closedUntil.delete(userId);
    }, ms).unref();
  }

  /**
   * The user's bucket outlives their sockets until it would be full again, so closing a socket and
   * opening another does not bring a fresh allowance.
   */
  private userBucket(userId: string, socket: Socket): TokenBucket {
    const entry = this.users.get(userId) ?? {
      bucket: new TokenBucket(this.numbers.userBurst, this.numbers.userPerSecond),
      sockets: 0,
    };
    clearTimeout(entry.forget);
    entry.sockets += 1;
    this.users.set(userId, entry);
    socket.once('disconnect', () => {
      entry.sockets -= 1;
      if (entry.sockets > 0) return;
      const refilledMs = (this.numbers.userBurst / this.numbers.userPerSecond) * 1_000;
      entry.forget = setTimeout(() => this.users.delete(userId), refilledMs);
      entry.forget.unref();
    });
    return entry.bucket;
  }
}
