export const SAVE_FAILED = "We couldn't save your search right now. Please try again in a moment.";
export const SAVED_SEARCHES_LOAD_FAILED =
  "We couldn't load your saved searches right now. Please try again in a moment.";
export const SAVED_SEARCH_CHANGE_FAILED = 'That did not work. Please try again.';

/** "3 new" beside a search; nothing when none. */
export const newMatchesLabel = (count: number): string => (count > 99 ? '99+ new' : `${count} new`);

export const KIND_LABELS = { project: 'Projects', teammate: 'Skillers' } as const;
