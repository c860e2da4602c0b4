import type { z } from 'zod';
import { filteringRequestSchema } from './active-filters.schema';
import { sortRequestSchema } from './similarity.schema';

/**
 * Body of POST /user/projects/found/filter: the filtering call's body, plus the panel's free text, which
 * the ranking of the closest saved items reads alongside the picked labels when nothing matches.
 */
export const savedFilteringRequestSchema = filteringRequestSchema.safeExtend({
  text: sortRequestSchema.shape.text,
});

export type SavedFilteringRequest = z.output<typeof savedFilteringRequestSchema>;
