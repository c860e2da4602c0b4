import type { SearchDocument } from '@skillers/domain';
import type { JobQueue } from '@skillers/queue';
import type { SearchIndex } from '@skillers/search';

/** Injection token of the alerts the embedded index worker runs; the saved searches provide them. */
export const INDEX_ALERTS = Symbol('INDEX_ALERTS');

/** What `start` found to do before the worker takes jobs. */
export interface IndexAlertsStart {
  /** Saved searches stored before their texts were understood, understood now. */
  understood: number;
  /** Records changed since the alerts' last watermark, matched again. */
  rematched: number;
}

/** The alerts of the records this process indexes, as the embedded index worker drives them. */
export interface IndexAlerts {
  /** Once the index is built and before jobs run: loads the searches and matches what a crash left. */
  start(index: SearchIndex, queue: JobQueue): Promise<IndexAlertsStart>;
  /** Each document an index job wrote. */
  readonly recordIndexed: (doc: SearchDocument) => Promise<void>;
  /** Handles what is still batched, at a clean stop. */
  drain(): Promise<void>;
}
