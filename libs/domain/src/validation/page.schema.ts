import { z } from 'zod';
import { MAX_PAGE } from '../pagination';

export const PAGE_MESSAGE = `Page must be a whole number from 1 to ${MAX_PAGE}`;

/**
 * `?page=N` on paged lists: a positive whole number, 1 when absent; other query parameters are ignored.
 * Bracketed or repeated keys (`page[]=1`, `page=1&page=2`) never reach it: the API refuses them for
 * every route (api/src/common/query-keys.middleware.ts).
 */
export const pageQuerySchema = z
  .object({
    page: z
      .string({ error: PAGE_MESSAGE })
      .regex(/^\d{1,4}$/, PAGE_MESSAGE)
      .transform(Number)
      .pipe(z.number().min(1, PAGE_MESSAGE).max(MAX_PAGE, PAGE_MESSAGE))
      .optional(),
  })
  .transform(({ page }) => ({ page: page ?? 1 }));

export type PageQuery = z.output<typeof pageQuerySchema>;
