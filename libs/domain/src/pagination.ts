/** Every paged list (projects, profiles, own projects, saved items) has this many items per page. */
export const LIST_PAGE_SIZE = 12;

/**
 * The deepest page any list answers (9,600 items at 12 a page): no request makes the store skip more
 * rows than that, and the search index's 10,000-result window is never passed.
 */
export const MAX_PAGE = 800;

/** How many pages a list of `total` items has; an empty list still has its one (empty) page. */
export const pageCount = (total: number, pageSize = LIST_PAGE_SIZE): number =>
  Math.max(1, Math.ceil(total / pageSize));

export const pageWindow = (page: number, pageSize = LIST_PAGE_SIZE): { skip: number; limit: number } => ({
  skip: (page - 1) * pageSize,
  limit: pageSize,
});
