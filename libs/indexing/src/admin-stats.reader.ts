import type { AdminStats, QueueStats } from '@skillers/domain';
import type { JobQueue } from '@skillers/queue';
import type { SearchIndex } from '@skillers/search';
import { COLLECTIONS, type RecordStore } from '@skillers/store';

export const FAILED_JOBS_SHOWN = 20;

export interface AdminStatsSources {
  index: SearchIndex;
  store: RecordStore;
  /** Left out when the queue cannot be reached (a cluster read without `REDIS_URL`). */
  queue?: JobQueue;
  version: number | null;
}

const queueStats = async (queue: JobQueue): Promise<QueueStats> => ({
  adapter: queue.adapter,
  ...(await queue.stats()),
});

/** The figures `stats` shows, read from the ports themselves: the server's own, or a cluster's. */
export const readAdminStats = async ({
  index,
  store,
  queue,
  version,
}: AdminStatsSources): Promise<AdminStats> => {
  const [project, teammate, projects, teammates, users, queueCounts, failed] = await Promise.all([
    index.count('project'),
    index.count('teammate'),
    store.collection(COLLECTIONS.projects).count({}),
    store.collection(COLLECTIONS.teammates).count({}),
    store.collection(COLLECTIONS.users).count({}),
    queue ? queueStats(queue) : null,
    queue ? queue.failed(FAILED_JOBS_SHOWN) : [],
  ]);
  return {
    index: { adapter: index.adapter, version, documents: { project, teammate } },
    store: { adapter: store.adapter, projects, teammates, users },
    queue: queueCounts,
    failedJobs: failed.map(({ name, jobId, error, attempts, failedAt }) => ({
      name,
      jobId,
      error,
      attempts,
      failedAt: failedAt.toISOString(),
    })),
  };
};
