export const SEARCH_EVENTS_FOLDER = 'search-events';

/** One file per UTC day, named after the day of the events it holds. */
export const searchEventsFileName = (day: string): string => `search-events-${day}.jsonl`;
