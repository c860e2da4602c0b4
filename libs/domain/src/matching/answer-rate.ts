import { z } from 'zod';
import { objectIdSchema } from '../validation/object-id';

/**
 * Who answers (docs/matching.md): for each first contact a user received (a first message, or an
 * invitation), when it came and when the user first answered it (a reply, an accept or a decline).
 */
export interface ContactAnswerRecord {
  _id: string;
  /** The one expected to answer. */
  userId: string;
  /** The conversation the contact started or reserved: one record per conversation. */
  conversationId: string;
  receivedAt: string;
  answeredAt?: string;
}

/** Contacts older than this are forgotten. */
export const ANSWER_WINDOW_DAYS = 90;
/** An answer later than this counts as none. */
export const ANSWER_WITHIN_DAYS = 3;
/** A rate is shown only over at least this many contacts. */
export const ANSWER_RATE_MIN_CONTACTS = 5;
/** `GET /answer-rates?userIds=` names at most this many users. */
export const ANSWER_RATES_MAX_USERS = 50;

export interface AnswerRate {
  /** Contacts counted: received within the window, and either answered or older than the answer time. */
  contacts: number;
  /** The share of them answered within ANSWER_WITHIN_DAYS, 0–1. */
  answered: number;
  /** The median time to an answer, over the answered ones; null when none was. */
  medianMinutes: number | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * The user's answer rate at `now`, or undefined below ANSWER_RATE_MIN_CONTACTS. A contact still inside its
 * answer time and not answered yet is left out: it has not failed yet.
 */
export const answerRateOf = (
  contacts: readonly Pick<ContactAnswerRecord, 'receivedAt' | 'answeredAt'>[],
  now: Date,
): AnswerRate | undefined => {
  const windowStart = now.getTime() - ANSWER_WINDOW_DAYS * DAY_MS;
  const answerTime = ANSWER_WITHIN_DAYS * DAY_MS;
  const delays: number[] = [];
  let counted = 0;
  for (const contact of contacts) {
    const received = Date.parse(contact.receivedAt);
    if (received < windowStart || received > now.getTime()) continue;
    const answered = contact.answeredAt === undefined ? undefined : Date.parse(contact.answeredAt);
    if (answered === undefined || answered > now.getTime()) {
      if (now.getTime() - received >= answerTime) counted += 1;
      continue;
    }
    counted += 1;
    if (answered - received <= answerTime) delays.push(answered - received);
  }
  if (counted < ANSWER_RATE_MIN_CONTACTS) return undefined;
  const middle = median(delays);
  return {
    contacts: counted,
    answered: delays.length / counted,
    medianMinutes: middle === null ? null : Math.round(middle / 60_000),
  };
};

const WITHIN: readonly [maxMinutes: number, phrase: string][] = [
  [60, 'within an hour'],
  [6 * 60, 'within a few hours'],
  [24 * 60, 'within a day'],
  [ANSWER_WITHIN_DAYS * 24 * 60, `within ${ANSWER_WITHIN_DAYS} days`],
];

/** The line cards and pages show, e.g. "Usually answers within a day" or "Answers 20% of first contacts". */
export const answerRateLine = (rate: AnswerRate): string => {
  const within = rate.medianMinutes === null ? undefined : WITHIN.find(([max]) => rate.medianMinutes! <= max);
  if (rate.answered >= 0.5 && within) return `Usually answers ${within[1]}`;
  return `Answers ${Math.round(rate.answered * 100)}% of first contacts`;
};

/** How much answering moves a match: a sure answerer keeps its whole score, one who never answers loses this share. */
export const ANSWER_RANK_WEIGHT = 0.15;

/** The factor a match's score is ranked by: neutral (half the weight) for users without a rate yet. */
export const answerRankFactor = (rate: AnswerRate | undefined): number =>
  1 - ANSWER_RANK_WEIGHT * (rate ? 1 - rate.answered : 0.5);

/** `?userIds=a,b,c`: one to ANSWER_RATES_MAX_USERS ids, comma-separated. */
export const answerRatesQuerySchema = z.object({
  userIds: z
    .string({ error: 'Send userIds: user ids separated by commas' })
    .max(ANSWER_RATES_MAX_USERS * 25, `Ask for at most ${ANSWER_RATES_MAX_USERS} users at once`)
    .transform((text) => [...new Set(text.split(','))])
    .pipe(
      z
        .array(objectIdSchema)
        .min(1)
        .max(ANSWER_RATES_MAX_USERS, `Ask for at most ${ANSWER_RATES_MAX_USERS} users at once`),
    ),
});
export type AnswerRatesQuery = z.output<typeof answerRatesQuerySchema>;

/** `GET /answer-rates`: only the users with a rate. */
export interface AnswerRates {
  rates: Record<string, AnswerRate>;
}
