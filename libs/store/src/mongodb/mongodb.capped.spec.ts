import type { Collection as DriverCollection, Model } from 'mongoose';
import { describe, expect, it } from 'vitest';
import type { StoredDocument } from '../record-store.port';
import { MongoCollection } from './mongodb.record-store';

interface Counter {
  _id: string;
  n: number;
}

/**
 * The driver calls of a capped collection, recorded, over a counter kept in memory the way MongoDB applies
 * the conditional `$inc` (the contract suite holds the real server to the same behaviour with MONGO_URL).
 */
const recordingCapped = (stored: number, failInsert = false) => {
  const calls: unknown[][] = [];
  let counter: Counter | null = null;
  const documents = {
    countDocuments: async (query: unknown) => {
      calls.push(['countDocuments', query]);
      return stored;
    },
    insertOne: async (doc: StoredDocument) => {
      calls.push(['insertOne', doc._id]);
      if (failInsert) throw new Error('insert failed');
    },
    findOneAndDelete: async (query: unknown) => {
      calls.push(['findOneAndDelete', query]);
      return { _id: 'gone', ownerId: 'u1' };
    },
  };
  const counters = {
    findOne: async (query: unknown) => {
      calls.push(['counters.findOne', query]);
      return counter;
    },
    updateOne: async (
      query: { _id: string },
      update: Record<string, Record<string, number>>,
      options?: unknown,
    ) => {
      calls.push(['counters.updateOne', query, update, options]);
      if (update.$setOnInsert) counter ??= { _id: query._id, n: update.$setOnInsert.n };
      if (update.$inc && counter) counter.n += update.$inc.n;
    },
    findOneAndUpdate: async (
      query: { _id: string; n: { $lt: number } },
      update: unknown,
      options: unknown,
    ) => {
      calls.push(['counters.findOneAndUpdate', query, update, options]);
      if (!counter || counter.n >= query.n.$lt) return null;
      counter.n += 1;
      return { ...counter };
    },
  };
  const collection = new MongoCollection<StoredDocument & { ownerId: string }>(
    { collection: documents } as unknown as Model<StoredDocument>,
    { name: 'saved_searches', indexes: [], cappedBy: 'ownerId' },
    async () => undefined,
    counters as unknown as DriverCollection<Counter>,
  );
  return { collection, calls, counter: () => counter };
};

describe('MongoDB capped inserts (no server)', () => {
  it("starts the owner's counter from the stored count, then takes a place with a conditional $inc", async () => {
    const { collection, calls, counter } = recordingCapped(2);
    expect(await collection.insertCapped({ _id: 's1', ownerId: 'u1' }, 3)).toBe(true);
    expect(calls).toEqual([
      ['counters.findOne', { _id: 'saved_searches:u1' }],
      ['countDocuments', { ownerId: { $eq: 'u1' } }],
      [
        'counters.updateOne',
        { _id: 'saved_searches:u1' },
        { $setOnInsert: { n: 2 } },
        { upsert: true, writeConcern: { w: 'majority', j: true } },
      ],
      [
        'counters.findOneAndUpdate',
        { _id: 'saved_searches:u1', n: { $lt: 3 } },
        { $inc: { n: 1 } },
        { returnDocument: 'after', writeConcern: { w: 'majority', j: true } },
      ],
      ['insertOne', 's1'],
    ]);
    expect(counter()?.n).toBe(3);
  });

  it('stores nothing once the counter is at the cap', async () => {
    const { collection, calls } = recordingCapped(3);
    expect(await collection.insertCapped({ _id: 's1', ownerId: 'u1' }, 3)).toBe(false);
    expect(calls.map(([name]) => name)).not.toContain('insertOne');
  });

  it('gives the place back when the insert fails, and on delete', async () => {
    const failing = recordingCapped(0, true);
    await expect(failing.collection.insertCapped({ _id: 's1', ownerId: 'u1' }, 3)).rejects.toThrow(
      'insert failed',
    );
    expect(failing.counter()?.n).toBe(0);

    const { collection, calls, counter } = recordingCapped(1);
    await collection.insertCapped({ _id: 's2', ownerId: 'u1' }, 3);
    expect(await collection.delete('gone')).toBe(true);
    expect(calls.at(-2)).toEqual(['findOneAndDelete', { _id: { $eq: 'gone' } }]);
    expect(calls.at(-1)).toEqual([
      'counters.updateOne',
      { _id: 'saved_searches:u1' },
      { $inc: { n: -1 } },
      undefined,
    ]);
    expect(counter()?.n).toBe(1);
  });
});
