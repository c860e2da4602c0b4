import type { SearchDocument } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { BatchingIndexWriter } from './batching-index-writer';
import { EmbeddedSearchIndex } from './embedded/embedded.search-index';
import { searchDocument } from './search-index.contract';
import { PartialWriteError, type SearchIndexWriter } from './search-index.port';

/** A real index whose writes are recorded, and which fails the next write when told to. */
const recordedIndex = () => {
  const index = EmbeddedSearchIndex.create();
  const calls: { op: 'upsert' | 'remove'; ids: string[] }[] = [];
  let failNext: Error | undefined;
  const writer: SearchIndexWriter = {
    upsert: async (docs) => {
      calls.push({ op: 'upsert', ids: docs.map((doc) => doc.id) });
      if (failNext) {
        const error = failNext;
        failNext = undefined;
        throw error;
      }
      await index.upsert(docs);
    },
    remove: async (ids) => {
      calls.push({ op: 'remove', ids: [...ids] });
      await index.remove(ids);
    },
    count: (kind) => index.count(kind),
  };
  return { index, writer, calls, fail: (error: Error) => (failNext = error) };
};

const docs = (n: number): SearchDocument[] => Array.from({ length: n }, () => searchDocument());

describe('BatchingIndexWriter', () => {
  it('writes the documents of concurrent callers in one request', async () => {
    const { index, writer, calls } = recordedIndex();
    const batching = new BatchingIndexWriter(writer);
    const written = docs(100);
    await Promise.all(written.map((doc) => batching.upsert([doc])));
    expect(calls).toEqual([{ op: 'upsert', ids: written.map((doc) => doc.id) }]);
    expect(await index.count('teammate')).toBe(100);
  });

  it('flushes a full batch at once, and the rest after the wait', async () => {
    const { writer, calls } = recordedIndex();
    const batching = new BatchingIndexWriter(writer, { maxBatch: 10, maxWaitMs: 50 });
    await Promise.all(docs(25).map((doc) => batching.upsert([doc])));
    expect(calls.map((call) => call.ids.length)).toEqual([10, 10, 5]);
  });

  it('keeps the last change of an id within a batch, and removes in the same flush', async () => {
    const { index, writer, calls } = recordedIndex();
    const [kept, gone, old] = docs(3);
    await index.upsert([old]);
    const batching = new BatchingIndexWriter(writer);
    await Promise.all([
      batching.upsert([kept]),
      batching.upsert([gone]),
      batching.remove([gone.id]),
      batching.remove([old.id]),
    ]);
    expect(calls).toEqual([
      { op: 'upsert', ids: [kept.id] },
      { op: 'remove', ids: [gone.id, old.id] },
    ]);
    expect(await index.get(gone.id)).toBeNull();
    expect(await index.get(old.id)).toBeNull();
    expect(await index.get(kept.id)).toEqual(kept);
  });

  it('fails every write of a failed batch, so each job is retried, and goes on with the next batch', async () => {
    const { index, writer, fail } = recordedIndex();
    const batching = new BatchingIndexWriter(writer);
    fail(new Error('es_rejected_execution_exception'));
    const [a, b, c] = docs(3);
    const failed = await Promise.allSettled([batching.upsert([a]), batching.upsert([b])]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(failed[0]).toMatchObject({ reason: { message: 'es_rejected_execution_exception' } });
    await batching.upsert([c]);
    expect(await index.get(c.id)).toEqual(c);
    expect(await index.get(a.id)).toBeNull();
  });

  it('fails only the writers of the documents an index names, and still removes what was asked', async () => {
    const index = EmbeddedSearchIndex.create();
    const [good, poison, gone] = docs(3);
    await index.upsert([gone]);
    const writer: SearchIndexWriter = {
      upsert: async (written) => {
        await index.upsert(written.filter((doc) => doc.id !== poison.id));
        throw new PartialWriteError('strict_dynamic_mapping_exception', [poison.id]);
      },
      remove: (ids) => index.remove(ids),
      count: (kind) => index.count(kind),
    };
    const batching = new BatchingIndexWriter(writer);
    const results = await Promise.allSettled([
      batching.upsert([good]),
      batching.upsert([poison]),
      batching.remove([gone.id]),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await index.get(good.id)).toEqual(good);
    expect(await index.get(gone.id)).toBeNull();
  });

  it('never lets a later batch overtake an earlier one', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow: SearchIndexWriter = {
      upsert: async (written) => {
        if (order.length === 0) await held;
        order.push(...written.map((doc) => doc.text));
      },
      remove: async () => undefined,
      count: async () => 0,
    };
    const batching = new BatchingIndexWriter(slow, { maxBatch: 1 });
    const first = batching.upsert([searchDocument({ text: 'first' })]);
    const second = batching.upsert([searchDocument({ text: 'second' })]);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
  });
});
