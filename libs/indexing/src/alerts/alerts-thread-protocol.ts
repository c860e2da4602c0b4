import type { SearchDocument } from '@skillers/domain';
import type { MatchableSearch } from '@skillers/search';

/** What the alerts thread is started with. */
export interface AlertsThreadData {
  /** The embedded store's SQLite file, which the thread opens for itself. */
  sqliteFile: string;
}

/** A call from the main thread; `id` pairs it with its answer. */
export type AlertsThreadCall =
  | { id: number; op: 'load' }
  | { id: number; op: 'put'; search: MatchableSearch }
  | { id: number; op: 'remove'; searchId: string }
  | { id: number; op: 'match'; doc: SearchDocument }
  | { id: number; op: 'record'; docs: SearchDocument[] }
  | { id: number; op: 'close' }
  | { op: 'forgetOwner'; ownerId: string };

/** The thread's answer to a call; a batch's is the notifications it stored, to be pushed to sockets. */
export type AlertsThreadMessage = { id: number; value?: unknown } | { id: number; error: string };
