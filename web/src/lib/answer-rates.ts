import { type AnswerRate, type AnswerRates, ANSWER_RATES_MAX_USERS } from '@skillers/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

interface Waiting {
  resolve(rate: AnswerRate | null): void;
  reject(error: unknown): void;
}

const waiting = new Map<string, Waiting[]>();
let flushing: ReturnType<typeof setTimeout> | undefined;

/** One request per ANSWER_RATES_MAX_USERS users asked for in the same tick: a grid of cards asks once. */
const flush = () => {
  flushing = undefined;
  const batch = [...waiting.entries()];
  waiting.clear();
  for (let at = 0; at < batch.length; at += ANSWER_RATES_MAX_USERS) {
    const part = batch.slice(at, at + ANSWER_RATES_MAX_USERS);
    const ids = part.map(([userId]) => userId).join(',');
    api.get<AnswerRates>(`/answer-rates?userIds=${ids}`).then(
      ({ rates }) =>
        part.forEach(([userId, callers]) =>
          callers.forEach((caller) => caller.resolve(rates[userId] ?? null)),
        ),
      (error: unknown) => part.forEach(([, callers]) => callers.forEach((caller) => caller.reject(error))),
    );
  }
};

const loadAnswerRate = (userId: string) =>
  new Promise<AnswerRate | null>((resolve, reject) => {
    waiting.set(userId, [...(waiting.get(userId) ?? []), { resolve, reject }]);
    flushing ??= setTimeout(flush, 0);
  });

/** A user's answer rate, or null while they have too few first contacts to tell. */
export const answerRateQuery = (userId: string) =>
  queryOptions({
    queryKey: ['answer-rate', userId],
    queryFn: () => loadAnswerRate(userId),
    staleTime: 5 * 60_000,
  });
