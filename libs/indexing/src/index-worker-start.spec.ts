import { openJobQueue } from '@skillers/queue';
import { EmbeddedSearchIndex } from '@skillers/search';
import { COLLECTIONS, SqliteRecordStore } from '@skillers/store';
import { describe, expect, it, vi } from 'vitest';
import { INDEX_RECORD_JOB, indexRecordJobId, type IndexRecordPayload } from './index-record.job';
import { startIndexWorker } from './index-worker-start';
import { projectRecord } from './record-fixtures.testing';

describe('startIndexWorker', () => {
  it('runs no job before the index is prepared and the alerts caught up, then indexes and tells the alerts', async () => {
    const store = new SqliteRecordStore(':memory:');
    const queue = openJobQueue();
    const index = EmbeddedSearchIndex.create();
    const record = projectRecord('Rust one');
    await store.collection(COLLECTIONS.projects).insert(record);
    const job: IndexRecordPayload = { kind: 'project', id: record._id };
    await queue.enqueue(INDEX_RECORD_JOB, job, { jobId: indexRecordJobId(job) });

    const steps: string[] = [];
    await startIndexWorker({
      store,
      queue,
      writer: index,
      prepareIndex: async () => {
        steps.push(`prepared with ${await index.count('project')} documents`);
      },
      alerts: {
        start: async () => {
          steps.push(`alerts started with ${await index.count('project')} documents`);
        },
        recordIndexed: async (doc) => {
          steps.push(`indexed ${doc.id}`);
        },
      },
    });

    await vi.waitFor(() => expect(steps).toHaveLength(3));
    expect(steps).toEqual([
      'prepared with 0 documents',
      'alerts started with 0 documents',
      `indexed ${record._id}`,
    ]);
    expect(await index.count('project')).toBe(1);
    await queue.close();
    await store.close();
  });
});
