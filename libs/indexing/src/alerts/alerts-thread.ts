import type { NotificationRecord, SavedSearchRecord, SearchDocument, SearchKind } from '@skillers/domain';
import { InMemorySavedSearchMatcher, type MatchableSearch } from '@skillers/search';
import { type RecordStore, SqliteRecordStore } from '@skillers/store';
import type { MessagePort } from 'node:worker_threads';
import type {
  AlertsThreadCall,
  AlertsThreadData,
  AlertsThreadMessage,
  AlertsThreadRequest,
} from './alerts-thread-protocol';
import { recordsOf } from '../indexed-records';
import { searchDocumentFor } from '../search-document.mapper';
import { readStoredSavedSearches } from './stored-saved-searches';
import { SavedSearchAlerts } from './saved-search-alerts';
import { storeAlertNotifications } from './stored-alert-notifier';
import { lowerThisThreadsPriority } from './thread-priority';

/**
 * The alerts thread's side (`alerts.worker.mjs` calls it): its own connection to the SQLite file, every saved
 * search in an in-memory matcher, and the alerts of the batches the main thread sends. Calls are answered one
 * after the other, in the order sent, so a search put before a batch is matched by it. Notifications are
 * stored here and handed back, since the sockets live in the main thread.
 */
export const serveAlertsThread = (port: MessagePort, { sqliteFile }: AlertsThreadData): void => {
  lowerThisThreadsPriority();
  const store = new SqliteRecordStore(sqliteFile);
  const matcher = new InMemorySavedSearchMatcher();
  /** The searches as last put, whole: the alerts read their names and switches here, not from the store. */
  const searches = new Map<string, SavedSearchRecord>();
  const keep = (search: MatchableSearch) => {
    if (isWhole(search)) searches.set(search._id, search);
    else searches.delete(search._id);
  };
  /** The notifications the batch under way stored, answered with it. */
  let notified: NotificationRecord[] = [];
  const alerts = new SavedSearchAlerts(
    store,
    matcher,
    async (found) => {
      notified.push(...(await storeAlertNotifications(store, found)));
    },
    { knownSearch: (searchId) => searches.get(searchId) },
  );
  const handle = async (call: AlertsThreadRequest): Promise<unknown> => {
    switch (call.op) {
      case 'load':
        return readStoredSavedSearches(store, async (search) => {
          await matcher.put(search);
          keep(search);
        });
      case 'put':
        keep(call.search);
        return matcher.put(call.search);
      case 'remove':
        searches.delete(call.searchId);
        return matcher.remove(call.searchId);
      case 'match':
        return matcher.match(call.doc);
      case 'record':
        notified = [];
        await alerts.record(await storedDocuments(store, call.records));
        return notified;
      case 'close':
        return store.close();
    }
  };
  let previous: Promise<unknown> = Promise.resolve();
  port.on('message', (call: AlertsThreadCall) => {
    if (call.op === 'forgetOwner') {
      alerts.forgetOwner(call.ownerId);
      return;
    }
    previous = previous.then(async () => {
      try {
        port.postMessage({ id: call.id, value: await handle(call) } satisfies AlertsThreadMessage);
      } catch (error) {
        port.postMessage({ id: call.id, error: (error as Error).message } satisfies AlertsThreadMessage);
      }
    });
  });
};

/** A search as the store keeps it, with its name and alerts switch, not its criteria alone. */
const isWhole = (search: MatchableSearch): search is SavedSearchRecord =>
  typeof (search as Partial<SavedSearchRecord>).name === 'string' &&
  typeof (search as Partial<SavedSearchRecord>).alerts === 'boolean';

/** The search documents of the records as stored now, in the order asked; those deleted since left out. */
const storedDocuments = async (
  store: RecordStore,
  records: readonly { kind: SearchKind; id: string }[],
): Promise<SearchDocument[]> => {
  const byId = new Map<string, SearchDocument>();
  for (const kind of new Set(records.map((record) => record.kind))) {
    const ids = records.filter((record) => record.kind === kind).map((record) => record.id);
    for (const stored of await recordsOf(store, kind).find({ _id: { $in: ids } }))
      byId.set(stored._id, searchDocumentFor(kind, stored));
  }
  return records.flatMap(({ id }) => byId.get(id) ?? []);
};
