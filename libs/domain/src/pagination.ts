/** Every paged list (projects, skillers, own projects, saved items) has this many items per page. */
export const LIST_PAGE_SIZE = 12;

/** Far beyond any real list; keeps the store's offset arithmetic in safe integers. */
export const MAX_PAGE = 1_000_000;

/** How many pages a list of `total` items has; an empty list still has its one (empty) page. */
export const pageCount = (total: number, pageSize = LIST_PAGE_SIZE): number =>
  Math.max(1, Math.ceil(total / pageSize));

export const pageWindow = (page: number, pageSize = LIST_PAGE_SIZE): { skip: number; limit: number } => ({
  skip: (page - 1) * pageSize,
  limit: pageSize,
});
