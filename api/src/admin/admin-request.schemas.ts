import { PROPOSABLE_FILTER_TYPES, SEARCH_KINDS } from '@skillers/domain';
import { z } from 'zod';

/** `POST /admin/reindex`: every kind by default, or the one named. */
export const reindexRequestSchema = z.strictObject({
  kind: z.enum(SEARCH_KINDS, { error: `kind must be one of: ${SEARCH_KINDS.join(', ')}` }).optional(),
});

export type ReindexRequest = z.infer<typeof reindexRequestSchema>;

/** `?filterType=` of the proposal list; the page is read by the shared page schema. */
export const propositionFilterSchema = z.object({
  filterType: z
    .enum(PROPOSABLE_FILTER_TYPES, {
      error: `filterType must be one of: ${PROPOSABLE_FILTER_TYPES.join(', ')}`,
    })
    .optional(),
});

export type PropositionFilter = z.infer<typeof propositionFilterSchema>;
