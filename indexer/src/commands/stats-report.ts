import type { AdminStats } from '@skillers/domain';
import { Console } from 'node:console';

/**
 * `stats` for people: where the figures come from, documents beside the records they are built from (a
 * gap means index jobs are pending or failed), the queue, and the newest failed jobs.
 */
export const writeStatsReport = (stats: AdminStats, source: string, stream: NodeJS.WritableStream): void => {
  const out = new Console({ stdout: stream, stderr: stream });
  const { index, store, queue } = stats;
  const version = index.version === null ? 'no version (read directly)' : `version ${index.version}`;
  out.log(`Skillers at ${source}: search index ${index.adapter}, ${version}; store ${store.adapter}`);
  out.table({
    projects: { 'search index': index.documents.project, store: store.projects },
    'skiller profiles': { 'search index': index.documents.teammate, store: store.teammates },
    users: { store: store.users },
  });
  const quarantined = store.quarantinedSavedSearches;
  if (quarantined.count > 0) {
    out.log(
      `Saved searches quarantined (kept, matched against nothing, shown to their owners): ` +
        `${quarantined.count}: ${quarantined.ids.join(', ')}${quarantined.count > quarantined.ids.length ? ', …' : ''}`,
    );
  }
  if (!queue) {
    out.log('Queue: not read (set REDIS_URL to read the cluster queue)');
    return;
  }
  out.log(
    `Queue ${queue.adapter}: ${queue.waiting} waiting (${queue.retrying} retrying), ${queue.active} active, ` +
      `${queue.failed} failed, ${queue.completed} completed`,
  );
  if (stats.failedJobs.length === 0) return;
  out.log(
    'Failed jobs, newest first (the index worker retries them once the index answers; ' +
      'skillers jobs retry-failed runs them again now):',
  );
  out.table(stats.failedJobs);
};
