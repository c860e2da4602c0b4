export const SEARCH_EVENTS_FOLDER = 'search-events';

/** One file per UTC day, named after the day of the events it holds. */
export const searchEventsFileName = (day: string): string => `search-events-${day}.jsonl`;

/** Invitation events share the folder, in day files of their own, so search reports never read them. */
export const invitationEventsFileName = (day: string): string => `invitation-events-${day}.jsonl`;

export const eventsFileName = (event: { type: string; at: string }): string =>
  (event.type === 'invitation' ? invitationEventsFileName : searchEventsFileName)(event.at.slice(0, 10));
