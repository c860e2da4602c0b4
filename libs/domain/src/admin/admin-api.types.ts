import type { PropositionRecord } from '../entities';
import type { SearchKind } from '../search/search-document';

// The answers of the admin API (`/api/admin`), shared by the server and the command line. The adapter
// names are the ports' own (`SearchIndex['adapter']`…), which the stats reader assigns to these fields.

export interface IndexStats {
  adapter: 'orama' | 'elasticsearch';
  /**
   * Reindexes the answering server has completed since it started (0: the index it built at start). The
   * index port exposes no generation number, so a direct read of a cluster has none to give: null.
   */
  version: number | null;
  documents: Record<SearchKind, number>;
}

export interface StoreStats {
  adapter: 'sqlite' | 'mongodb';
  projects: number;
  teammates: number;
  users: number;
  /**
   * Stored saved searches that no longer read as one (kept, matched against nothing, shown to their owners
   * as needing attention): how many, and the ids of the first QUARANTINED_IDS_SHOWN.
   */
  quarantinedSavedSearches: { count: number; ids: string[] };
}

export interface QueueStats {
  adapter: 'in-process' | 'bullmq';
  /** Jobs not running yet, retries waiting out their backoff included. */
  waiting: number;
  /** Of the waiting jobs, those that failed and wait out their backoff: a target that keeps refusing. */
  retrying: number;
  active: number;
  /** Jobs that used up their retries; the index worker retries them once the index and store answer. */
  failed: number;
  completed: number;
}

export interface FailedJobSummary {
  name: string;
  jobId: string;
  error: string;
  attempts: number;
  /** ISO date-time. */
  failedAt: string;
}

export interface AdminStats {
  index: IndexStats;
  store: StoreStats;
  /** Null only when the command line reads a cluster directly without `REDIS_URL`. */
  queue: QueueStats | null;
  /** The newest failed jobs, at most FAILED_JOBS_SHOWN. */
  failedJobs: FailedJobSummary[];
}

/** How far a reindex has gone through one kind of record. */
export interface ReindexProgressEvent {
  type: 'progress';
  kind: SearchKind;
  done: number;
  total: number;
}

export interface ReindexDoneEvent {
  type: 'done';
  /** Documents in the new generation, per kind (the kinds carried over included). */
  counts: Record<SearchKind, number>;
  ms: number;
  version: number | null;
}

export interface ReindexErrorEvent {
  type: 'error';
  message: string;
}

/** One line of the reindex stream (NDJSON): progress lines, then exactly one `done` or `error`. */
export type ReindexEvent = ReindexProgressEvent | ReindexDoneEvent | ReindexErrorEvent;

export interface PropositionSummary extends PropositionRecord {
  /** The proposer's username, or null when the account is gone. */
  username: string | null;
}

export interface PropositionList {
  propositions: PropositionSummary[];
  total: number;
  pages: number;
}

export interface RetriedJobs {
  retried: number;
}

export interface DismissedProposition {
  dismissed: string;
}
