import { Global, HttpException, HttpStatus, Inject, Injectable, Module } from '@nestjs/common';
import { AUTH_MESSAGES, HTTP_MESSAGES, SAVED_SEARCH_MESSAGES, TRUST_MESSAGES } from '@skillers/domain';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../core/tokens';

/** One counter: at most `points` attempts per key in `windowSeconds`, then 429 with `message`. */
export interface RateLimitRule {
  /** Names the counter; every route and socket event naming the same rule shares it. */
  readonly name: string;
  readonly points: number;
  readonly windowSeconds: number;
  /**
   * Multiplied by RATE_LIMIT_SCALE, like the per-address limits: load and browser tests run many
   * requests per user. Limits that guard one account (sign-up attempts) are never scaled.
   */
  readonly scaled: boolean;
  readonly message: string;
}

const perMinute = (name: string, points: number, message: string = HTTP_MESSAGES.tooManyRequests) =>
  ({ name, points, windowSeconds: 60, scaled: true, message }) satisfies RateLimitRule;

/** Per signed-in user, whatever address or connection the requests come from. */
export const USER_LIMITS = {
  /** HTTP sends (both routes) and socket `chat` events draw on one allowance. */
  messages: perMinute('messages', 60, HTTP_MESSAGES.tooManyMessages),
  posts: perMinute('posts', 30, HTTP_MESSAGES.tooManyPosts),
  comments: perMinute('comments', 60),
  /** Likes and unlikes together. */
  likes: perMinute('likes', 120, HTTP_MESSAGES.tooManyLikes),
  /** Creating, editing and deleting projects, creating and editing the profile: one allowance. */
  listings: perMinute('listings', 30, HTTP_MESSAGES.tooManyListingChanges),
  /** New projects, on top of `listings`: each may carry tens of kilobytes of text that stays stored. */
  newProjects: {
    name: 'new-projects',
    points: 50,
    windowSeconds: 60 * 60,
    scaled: true,
    message: HTTP_MESSAGES.tooManyNewProjects,
  },
  settings: perMinute('settings', 20, HTTP_MESSAGES.tooManySettingsChanges),
  /** Saving and forgetting projects and profiles. */
  saves: perMinute('saves', 120, HTTP_MESSAGES.tooManySaves),
  /** `/ml` and `/sort`, under `/api` and `/embedder`: each call embeds text with the model. */
  similarity: perMinute('similarity', 60),
  /** `POST /embedder/embed` calls of a signed-in user. */
  embeds: perMinute('embeds', 120),
  /** Reports of profiles, projects, posts, comments and conversations. */
  reports: perMinute('reports', 10, TRUST_MESSAGES.tooManyReports),
  /** Blocks and unblocks together. */
  blocks: perMinute('blocks', 30),
  /** Creating, renaming, switching, opening and deleting saved searches. */
  savedSearches: perMinute('saved-searches', 60, SAVED_SEARCH_MESSAGES.tooManyChanges),
  /** Socket `join` events. */
  joins: perMinute('joins', 120),
  /** Search clicks (`POST /search/click`), on top of the per-address limit. */
  clicks: perMinute('clicks', 60),
} as const;

/**
 * `POST /embedder/embed` calls of visitors, per client address: far fewer than a signed-in user gets,
 * with fewer texts per call.
 */
export const ANONYMOUS_EMBED_LIMIT: RateLimitRule = perMinute('anonymous-embeds', 20);

/** Sign-up attempts naming one email address, and one username, whatever address they come from. */
export const SIGNUP_ACCOUNT_LIMIT: RateLimitRule = {
  name: 'signup-account',
  points: 5,
  windowSeconds: 15 * 60,
  scaled: false,
  message: AUTH_MESSAGES.tooManySignups,
};

/** A 429 whose body carries the message and `retryAfterSeconds`; the error filter adds `Retry-After`. */
export class TooManyRequestsException extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super({ message, retryAfterSeconds }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A cap of `max` stored records in any 24 hours, counted from the store so it holds across restarts and
 * processes: given the latest `max` records (newest first), refuses with `message` while the oldest of them
 * is less than a day old, saying when it frees.
 */
export const assertUnderDailyCap = (
  latest: readonly { createdAt: string }[],
  max: number,
  message: string,
  now = Date.now(),
): void => {
  const oldest = latest.at(-1);
  if (latest.length < max || !oldest) return;
  const freesAt = Date.parse(oldest.createdAt) + DAY_MS;
  if (freesAt <= now) return;
  throw new TooManyRequestsException(message, Math.max(1, Math.ceil((freesAt - now) / 1000)));
};

/** In-memory counters, one per rule; each api process counts on its own. */
@Injectable()
export class RateLimits {
  private readonly counters = new Map<string, RateLimiterMemory>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The number of attempts a rule allows per window, after RATE_LIMIT_SCALE. */
  allowance(rule: RateLimitRule): number {
    return rule.scaled ? Math.max(1, Math.round(rule.points * this.config.rateLimitScale)) : rule.points;
  }

  /** Counts one attempt under each key; past the rule's allowance on any of them, throws a 429. */
  async consume(rule: RateLimitRule, ...keys: string[]): Promise<void> {
    const counter = this.counterFor(rule);
    const outcomes = await Promise.allSettled(keys.map((key) => counter.consume(key)));
    let waitMs = -1;
    for (const outcome of outcomes) {
      if (outcome.status === 'fulfilled') continue;
      if (!(outcome.reason instanceof RateLimiterRes)) throw outcome.reason;
      waitMs = Math.max(waitMs, outcome.reason.msBeforeNext);
    }
    if (waitMs >= 0) throw new TooManyRequestsException(rule.message, Math.max(1, Math.ceil(waitMs / 1000)));
  }

  private counterFor(rule: RateLimitRule): RateLimiterMemory {
    let counter = this.counters.get(rule.name);
    if (!counter) {
      counter = new RateLimiterMemory({
        keyPrefix: rule.name,
        points: this.allowance(rule),
        duration: rule.windowSeconds,
      });
      this.counters.set(rule.name, counter);
    }
    return counter;
  }
}

/** One set of counters for the whole app, so routes and socket events naming a rule share it. */
@Global()
@Module({ providers: [RateLimits], exports: [RateLimits] })
export class RateLimitsModule {}
