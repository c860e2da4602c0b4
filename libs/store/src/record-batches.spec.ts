import { afterEach, describe, expect, it } from 'vitest';
import { COLLECTIONS } from './collections';
import { newId } from './object-id';
import { recordBatches } from './record-batches';
import type { StoredDocument } from './record-store.port';
import { SqliteRecordStore } from './sqlite/sqlite.record-store';

describe('recordBatches', () => {
  let store: SqliteRecordStore | undefined;
  afterEach(() => store?.close());

  it('walks every record once, greatest id first, never more than a batch at a time', async () => {
    store = new SqliteRecordStore(':memory:');
    const profiles = store.collection<StoredDocument>(COLLECTIONS.teammates);
    const written = Array.from({ length: 25 }, (_, n) => ({ _id: newId(), nickname: `skiller ${n}` }));
    await profiles.insertMany(written);
    const sizes: number[] = [];
    const ids: string[] = [];
    for await (const batch of recordBatches(profiles, 10)) {
      sizes.push(batch.length);
      ids.push(...batch.map((record) => record._id));
    }
    expect(sizes).toEqual([10, 10, 5]);
    expect(ids).toEqual(
      written
        .map((record) => record._id)
        .sort()
        .reverse(),
    );
  });
});
