import { z } from 'zod';
import { SAVED_SEARCH_NAME_MAX_LENGTH } from '../saved-search';
import { isPlainText, unsafeTextMessage } from '../validation/text';
import {
  activeFiltersSchema,
  checkMustHaves,
  checkMustNots,
  mustHaveSchema,
  mustNotSchema,
} from './active-filters.schema';
import { SEARCH_KINDS } from './search-document';
import { FILTERING_RESTRICTIONS } from './search-query';
import { sortRequestSchema } from './similarity.schema';

/** A saved search's name, as created, renamed and read back from the store. */
export const savedSearchNameSchema = z
  .string({ error: 'Name must be text' })
  .trim()
  .min(1, 'Give the search a name')
  .max(SAVED_SEARCH_NAME_MAX_LENGTH, `A name must be at most ${SAVED_SEARCH_NAME_MAX_LENGTH} characters`)
  .refine(isPlainText, unsafeTextMessage('A name'));

const alerts = z.boolean({ error: 'Alerts must be true or false' });

/**
 * Body of POST /user/saved-searches: the filtering call's filters, must-haves, must-nots, restriction and free text,
 * validated as there, with the kind searched and a name. Alerts are on unless turned off.
 */
export const createSavedSearchSchema = z
  .strictObject({
    kind: z.enum(SEARCH_KINDS, { error: 'Kind must be project or teammate' }),
    name: savedSearchNameSchema,
    activeFilters: activeFiltersSchema,
    mustHave: mustHaveSchema.optional(),
    mustNot: mustNotSchema.optional(),
    filtering_restriction: z
      .enum(FILTERING_RESTRICTIONS, { error: 'Restriction must be min_1_match or all_match' })
      .default('min_1_match'),
    text: sortRequestSchema.shape.text,
    alerts: alerts.default(true),
  })
  .superRefine(checkMustHaves)
  .superRefine(checkMustNots);

export type CreateSavedSearchRequest = z.output<typeof createSavedSearchSchema>;

/** Body of PATCH /user/saved-searches/{id}: a new name, alerts on or off, or both. */
export const updateSavedSearchSchema = z.strictObject({
  name: savedSearchNameSchema.optional(),
  alerts: alerts.optional(),
});

export type UpdateSavedSearchRequest = z.output<typeof updateSavedSearchSchema>;
