import { z } from 'zod';
import { MAX_PAGE } from '../pagination';

export const PAGE_MESSAGE = `Page must be a whole number from 1 to ${MAX_PAGE}`;

/** `page[]`, `page[a]` and the like: a page written as a list or an object, which the query string reader keeps as names of their own. */
const BRACKETED_PAGE = /^page\[/;

/**
 * `?page=N` on paged lists: a positive whole number, 1 when absent. A page in brackets (`page[]=1`,
 * `page[a]=1`) is refused like any other bad page; other query parameters are ignored.
 */
export const pageQuerySchema = z.preprocess(
  (query) =>
    typeof query === 'object' &&
    query !== null &&
    Object.keys(query).some((name) => BRACKETED_PAGE.test(name))
      ? { ...query, page: 'bracketed' }
      : query,
  z
    .object({
      page: z
        .string({ error: PAGE_MESSAGE })
        .regex(/^\d{1,4}$/, PAGE_MESSAGE)
        .transform(Number)
        .pipe(z.number().min(1, PAGE_MESSAGE).max(MAX_PAGE, PAGE_MESSAGE))
        .optional(),
    })
    .transform(({ page }) => ({ page: page ?? 1 })),
);

export type PageQuery = z.output<typeof pageQuerySchema>;
