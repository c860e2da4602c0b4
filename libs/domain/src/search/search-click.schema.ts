import { z } from 'zod';
import { LIST_PAGE_SIZE, MAX_PAGE } from '../pagination';
import { objectIdSchema } from '../validation/object-id';

/** The deepest rank a list can show: every page of the deepest page window. */
export const CLICK_RANK_MAX = MAX_PAGE * LIST_PAGE_SIZE;

/**
 * Body of POST /search/click: a result opened from a search's answer. `eventId` is the `eventId` of that
 * answer, `rank` the result's 1-based place in the ranking (page 2 starts at 13).
 */
export const searchClickSchema = z.strictObject({
  eventId: z.uuid({ error: 'eventId must be the eventId of a search answer' }),
  recordId: objectIdSchema,
  rank: z
    .number({ error: 'Rank must be a number' })
    .int('Rank must be a whole number')
    .min(1, 'Rank must be at least 1')
    .max(CLICK_RANK_MAX, `Rank must be at most ${CLICK_RANK_MAX}`),
});

export type SearchClick = z.output<typeof searchClickSchema>;
