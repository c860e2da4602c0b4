import type { InvitationAnalyticsReader } from './invitation-analytics';
import type { SearchAnalyticsReader } from './search-analytics';
import type { AnalyticsEvent } from './search-event';

export const SEARCH_EVENT_SINK = Symbol('SEARCH_EVENT_SINK');

/**
 * Where search events (and the clicks on their results) go. Recording is fire-and-forget: `record` returns at once and never throws; events
 * are buffered and written in the background, and a failing or slow destination costs events, never
 * searches.
 */
export interface SearchEventSink {
  readonly adapter: 'elasticsearch' | 'jsonl-file';
  record(event: AnalyticsEvent): void;
  /** Resolves once every event recorded so far is written (or given up on, with a warning). */
  flush(): Promise<void>;
  /** Aggregates what this sink wrote, for the admin analytics. */
  analytics(): SearchAnalyticsReader;
  /** Aggregates the invitation events it wrote, which it keeps apart from the search events. */
  invitationAnalytics(): InvitationAnalyticsReader;
  /** Writes what is buffered and releases the destination; later events are ignored. */
  close(): Promise<void>;
}
