import type { IndexSnapshotLabels, IndexSnapshots } from '@skillers/search';
import { COLLECTIONS, type RecordStore } from '@skillers/store';

/**
 * The version of what a snapshot holds: raise it whenever the documents the mapper builds change shape or
 * meaning, or the index keeps them differently (an Orama upgrade among them), so older snapshots are rebuilt.
 */
// 2: documents carry `lastActiveAt` and `openUntil`. 3: `text` holds the record's labels too.
export const INDEX_SNAPSHOT_SCHEMA = 3;

/** The collections the search documents are built from; a write to any other does not age a snapshot. */
const INDEXED_COLLECTIONS = [COLLECTIONS.projects.name, COLLECTIONS.teammates.name];

/**
 * The stamp of the indexed collections, or undefined for a store that keeps none (its snapshots are never
 * trusted). Read it before building the index whose snapshot it labels: the snapshot then holds at least
 * every write the stamp counts, and any later write changes the stamp.
 */
export const indexedChangeStamp = (store: RecordStore): Promise<string | undefined> =>
  store.changeStamp ? store.changeStamp(INDEXED_COLLECTIONS) : Promise.resolve(undefined);

export interface SnapshotLabelling {
  /** The embedding model configured when the documents were embedded. */
  modelId: string;
  /** `indexedChangeStamp` read before the index reached the state saved. */
  stamp: string;
}

const labelsOf = ({ modelId, stamp }: SnapshotLabelling): IndexSnapshotLabels => ({
  schema: INDEX_SNAPSHOT_SCHEMA,
  model: modelId,
  stamp,
});

/**
 * Writes the index's snapshot straight from its live structures (no copy of the index in memory). Writes
 * may go on meanwhile: one that reaches the index before the file is complete discards the file (the
 * result says so) and the caller saves again later, once writes pause.
 */
export const saveIndexSnapshot = (
  file: string,
  index: IndexSnapshots,
  labels: SnapshotLabelling,
): ReturnType<IndexSnapshots['save']> => index.save(file, labelsOf(labels));

export interface LoadSnapshotOptions {
  file: string;
  modelId: string;
  /**
   * Whether the model can embed now; asked only when some documents lack its vectors (embedded while it
   * could not): a rebuild would then fill them in, so the snapshot is not used.
   */
  embedderReady: () => Promise<boolean>;
  /**
   * Told once the sections checked after the load (`RestoredIndex.verify`: those read where the file holds
   * them) are checked: with why, when one turns out damaged (the index is live by then, and the caller
   * builds it again from the store), or undefined when they match.
   */
  onChecked?: (damage: string | undefined) => void;
}

export type LoadSnapshotResult = { loaded: true; documents: number } | { loaded: false; reason: string };

/**
 * Loads the snapshot into the index when it was written for this schema and model and the store has not
 * changed since; otherwise leaves the index alone and says why, so the caller rebuilds.
 */
export const loadIndexSnapshot = async (
  store: RecordStore,
  index: IndexSnapshots,
  { file, modelId, embedderReady, onChecked }: LoadSnapshotOptions,
): Promise<LoadSnapshotResult> => {
  const stamp = await indexedChangeStamp(store);
  if (stamp === undefined) return { loaded: false, reason: 'the store keeps no change stamp' };
  const restored = await index.read(file, (labels) => {
    if (labels.schema !== INDEX_SNAPSHOT_SCHEMA) return `schema ${String(labels.schema)}`;
    if (labels.model !== modelId) return `built for the model ${String(labels.model)}`;
    if (labels.stamp !== stamp) return 'the store has changed since';
    return undefined;
  });
  if ('rejected' in restored) return { loaded: false, reason: restored.rejected };
  const turnDown = (reason: string): LoadSnapshotResult => {
    restored.discard();
    return { loaded: false, reason };
  };
  const withoutVectors = restored.countWithoutModel(modelId);
  if (withoutVectors > 0 && (await embedderReady()))
    return turnDown(`${withoutVectors} documents lack vectors the model can now compute`);
  // Read again after the file: a write meanwhile (another process on the same store) ages the snapshot too.
  if ((await indexedChangeStamp(store)) !== stamp)
    return turnDown('the store changed while the snapshot was read');
  const documents = await restored.adopt();
  restored.verify().then(
    (damaged) => onChecked?.(damaged === undefined ? undefined : `checksum mismatch: section ${damaged}`),
    (error: Error) => onChecked?.(`unreadable: ${error.message}`),
  );
  return { loaded: true, documents };
};
