import type { NotificationRecord, SearchDocument } from '@skillers/domain';
import type { MatchableSearch, SavedSearchMatcher, SearchMatch } from '@skillers/search';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type {
  AlertsThreadCall,
  AlertsThreadData,
  AlertsThreadMessage,
  AlertsThreadRequest,
} from './alerts-thread-protocol';
import type { StoredSavedSearches } from './stored-saved-searches';

/** The thread's script sits beside this file, in the sources as in the build. */
const WORKER_FILE = join(__dirname, 'alerts.worker.mjs');

/**
 * The embedded profile's saved-search alerts on a thread of their own. Matching a record against thousands
 * of searches and keeping its hits costs about as much as indexing it: beside the index job, on one thread,
 * it would take most of its throughput; on a thread of its own it runs on another core and keeps the
 * event loop free. The thread holds every saved search (so this is also the matcher the API puts them in),
 * opens the store's SQLite file for the hits and notifications, and hands each stored notification back to
 * be pushed to sockets here (`onNotified`). It runs below the main thread's priority where the system allows
 * (`lowerThisThreadsPriority`). Should the thread die, a new one starts and loads the searches
 * again; the calls under way fail, as a failed batch does.
 */
export class ThreadedSavedSearchAlerts implements SavedSearchMatcher {
  readonly adapter = 'memory';
  /** Where the notifications the thread stored go: the sockets, set by whoever owns them. */
  onNotified: (records: NotificationRecord[]) => void = () => undefined;
  private worker!: Worker;
  private nextId = 1;
  private readonly waiting = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  private closed = false;

  constructor(private readonly data: AlertsThreadData) {
    this.spawn();
  }

  /** Loads every saved search that reads from the store into the thread (again); resolves to what it found. */
  load(): Promise<StoredSavedSearches> {
    return this.call({ op: 'load' }) as Promise<StoredSavedSearches>;
  }

  async put(search: MatchableSearch): Promise<void> {
    await this.call({ op: 'put', search });
  }

  async remove(searchId: string): Promise<void> {
    await this.call({ op: 'remove', searchId });
  }

  match(doc: SearchDocument): Promise<SearchMatch[]> {
    return this.call({ op: 'match', doc: withoutVector(doc) }) as Promise<SearchMatch[]>;
  }

  /**
   * The alerts of a batch of indexed records (`SavedSearchAlerts.record`), on the thread, which reads the
   * records from the store by id: cloning the documents into the message, and collecting them after, cost
   * the indexing thread about a tenth of its time per record; reading them costs the alerts thread, on the
   * other core, less. A record changed since is matched as it is now (its own index job follows); one
   * deleted since is left out.
   */
  readonly record = async (docs: readonly SearchDocument[]): Promise<void> => {
    const notified = (await this.call({
      op: 'record',
      records: docs.map(({ kind, id }) => ({ kind, id })),
    })) as NotificationRecord[];
    if (notified.length > 0) this.onNotified(notified);
  };

  forgetOwner(ownerId: string): void {
    if (!this.closed) this.worker.postMessage({ op: 'forgetOwner', ownerId } satisfies AlertsThreadCall);
  }

  /** Waits for the calls under way, closes the thread's store connection and ends the thread. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.call({ op: 'close' }).catch(() => undefined);
    this.closed = true;
    await this.worker.terminate();
  }

  private spawn(): void {
    this.worker = new Worker(WORKER_FILE, { workerData: this.data });
    // The thread never keeps the process alive: a stop drains and closes it first.
    this.worker.unref();
    const worker = this.worker;
    worker.on('message', (message: AlertsThreadMessage) => this.receive(message));
    worker.on('error', (error) => this.died(worker, error));
    worker.on('exit', (code) => {
      this.died(worker, new Error(`the saved-search alerts thread stopped (exit code ${code})`));
    });
  }

  private receive(message: AlertsThreadMessage): void {
    const waiter = this.waiting.get(message.id);
    if (!waiter) return;
    this.waiting.delete(message.id);
    if ('error' in message) waiter.reject(new Error(message.error));
    else waiter.resolve(message.value);
  }

  private died(worker: Worker, error: Error): void {
    // An error is followed by an exit: the thread is replaced once.
    if (worker !== this.worker) return;
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
    if (this.closed) return;
    worker.removeAllListeners();
    void worker.terminate();
    this.spawn();
    // The new thread starts empty. Nobody waits for this load: a failure shows at the next call.
    this.load().catch(() => undefined);
  }

  private call(request: AlertsThreadRequest): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('the saved-search alerts thread is closed'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id } satisfies AlertsThreadCall);
    });
  }
}

/** The matcher never reads the vector, and copying it to the thread would cost more than the rest. */
const withoutVector = ({ vector: _vector, ...doc }: SearchDocument): SearchDocument => doc;
