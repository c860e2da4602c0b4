import type { AdminStats, QueueStats } from '@skillers/domain';
import type { JobQueue } from '@skillers/queue';
import type { SearchIndex } from '@skillers/search';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import { readStoredSavedSearches } from './alerts/stored-saved-searches';

export const FAILED_JOBS_SHOWN = 20;
export const QUARANTINED_IDS_SHOWN = 20;

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

/**
 * The figures `stats` shows, read from the ports themselves: the server's own, or a cluster's. The saved
 * searches are each read as the matcher reads them, to count those quarantined: a pass over all of them.
 */
export const readAdminStats = async ({
  index,
  store,
  queue,
  version,
}: AdminStatsSources): Promise<AdminStats> => {
  const [project, profile, projects, profiles, users, savedSearches, queueCounts, failed] = await Promise.all(
    [
      index.count('project'),
      index.count('teammate'),
      store.collection(COLLECTIONS.projects).count({}),
      store.collection(COLLECTIONS.teammates).count({}),
      store.collection(COLLECTIONS.users).count({}),
      readStoredSavedSearches(store),
      queue ? queueStats(queue) : null,
      queue ? queue.failed(FAILED_JOBS_SHOWN) : [],
    ],
  );
  return {
    index: { adapter: index.adapter, version, documents: { project, teammate: profile } },
    store: {
      adapter: store.adapter,
      projects,
      teammates: profiles,
      users,
      quarantinedSavedSearches: {
        count: savedSearches.quarantined.length,
        ids: savedSearches.quarantined.slice(0, QUARANTINED_IDS_SHOWN).map(({ id }) => id),
      },
    },
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
