import type { SearchDocument, SearchKind } from '@skillers/domain';
import type { MatchableSearch } from '@skillers/search';

/** What the alerts thread is started with. */
export interface AlertsThreadData {
  /** The embedded store's SQLite file, which the thread opens for itself. */
  sqliteFile: string;
}

/** What the main thread asks the alerts thread, each answered in turn. */
export type AlertsThreadRequest =
  | { op: 'load' }
  | { op: 'put'; search: MatchableSearch }
  | { op: 'remove'; searchId: string }
  | { op: 'match'; doc: SearchDocument }
  /** The indexed records by kind and id: the thread reads them from the store itself. */
  | { op: 'record'; records: { kind: SearchKind; id: string }[] }
  | { op: 'close' };

/** A message to the thread: a request, with the `id` that pairs it with its answer, or a word not answered. */
export type AlertsThreadCall =
  (AlertsThreadRequest & { id: number }) | { op: 'forgetOwner'; ownerId: string };

/** The thread's answer to a call; a batch's is the notifications it stored, to be pushed to sockets. */
export type AlertsThreadMessage = { id: number; value?: unknown } | { id: number; error: string };
