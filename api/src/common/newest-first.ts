import type { SortKey } from '@skillers/store';

/** Lists show the newest first; the id breaks ties between records made in the same millisecond. */
export const NEWEST_FIRST: readonly SortKey[] = [
  { field: 'createdAt', direction: 'desc' },
  { field: '_id', direction: 'desc' },
];
