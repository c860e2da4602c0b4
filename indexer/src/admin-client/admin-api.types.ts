import type { PropositionRecord, SearchKind } from '@skillers/domain';
import type { RebuildProgress } from '@skillers/indexing';
import type { JobCounts, JobQueue } from '@skillers/queue';
import type { SearchIndex } from '@skillers/search';
import type { RecordStore } from '@skillers/store';

// The answers of the admin API (`/api/admin`), shared by the server and the command line.

export interface IndexStats {
  adapter: SearchIndex['adapter'];
  /**
   * Reindexes the answering server has completed since it started (0: the index it built at start). The
   * index port exposes no generation number, so a direct read of a cluster has none to give: null.
   */
  version: number | null;
  documents: Record<SearchKind, number>;
}

export interface StoreStats {
  adapter: RecordStore['adapter'];
  projects: number;
  teammates: number;
  users: number;
}

export interface QueueStats extends JobCounts {
  adapter: JobQueue['adapter'];
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

export type ReindexProgressEvent = { type: 'progress' } & RebuildProgress;

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
