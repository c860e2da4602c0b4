import type { Collection as DriverCollection, Model } from 'mongoose';
import { describe, expect, it } from 'vitest';
import type { CollectionSpec, StoredDocument } from '../record-store.port';
import { MongoCollection } from './mongodb.record-store';

interface Counter extends StoredDocument {
  topic: string;
  seenAt?: string;
  n?: number;
}

const COUNTERS: CollectionSpec = { name: 'counters', indexes: [] };
const ITEMS: CollectionSpec = { name: 'items', indexes: [] };
const WRITTEN = { writeConcern: { w: 'majority', j: true } };

/**
 * The driver calls of a counter and the items it counts, recorded, with the counter kept in memory and
 * `interleave` run once between the count and the write, as a raise from another writer would be.
 */
const recordingCounter = (stored: Counter | null, itemCount: number, interleave?: () => void) => {
  const calls: unknown[][] = [];
  let counter = stored;
  const counters = {
    findOne: async (query: unknown) => {
      calls.push(['findOne', query]);
      return counter && { ...counter };
    },
    insertOne: async (doc: Counter, options: unknown) => {
      calls.push(['insertOne', doc, options]);
      counter = doc;
    },
    updateOne: async (query: Record<string, { $eq?: unknown }>, update: unknown, options: unknown) => {
      calls.push(['updateOne', query, update, options]);
      const unchanged = counter && query.n?.$eq === counter.n;
      if (unchanged) counter = { ...counter!, ...(update as { $set: Partial<Counter> }).$set };
      return { matchedCount: unchanged ? 1 : 0 };
    },
  };
  const items = {
    insertOne: async (doc: StoredDocument) => void calls.push(['items.insertOne', doc._id]),
    countDocuments: async (query: unknown) => {
      calls.push(['items.countDocuments', query]);
      const count = itemCount;
      if (interleave) {
        interleave();
        interleave = undefined;
      }
      return count;
    },
  };
  const driverOf = (spec: CollectionSpec) =>
    (spec.name === COUNTERS.name ? counters : items) as unknown as DriverCollection<StoredDocument>;
  const model = (spec: CollectionSpec) =>
    ({ collection: driverOf(spec) }) as unknown as Model<StoredDocument>;
  const collectionOf = (spec: CollectionSpec) =>
    new MongoCollection<Counter>(model(spec), spec, async () => undefined, undefined, driverOf);
  return {
    calls,
    counters: collectionOf(COUNTERS),
    items: collectionOf(ITEMS),
    raiseBetween: () => counter && (counter.n = (counter.n ?? 0) + 1),
    counter: () => counter,
  };
};

const countOf = {
  collection: ITEMS,
  where: ({ topic, seenAt }: Partial<Counter>) => ({ topic: topic!, ...(seenAt && { at: { $gt: seenAt } }) }),
};

describe('MongoDB counters (no server)', () => {
  it('raises a counted counter after the insert, with a conditional $inc that skips one read past it', async () => {
    const { items, calls } = recordingCounter(null, 0);
    await items.insert({ _id: 'i1', topic: 't' } as Counter, {
      raise: [
        {
          collection: COUNTERS,
          match: { topic: 't' },
          field: 'n',
          unlessReached: { field: 'seenAt', value: 'b' },
        },
      ],
    });
    expect(calls).toEqual([
      ['items.insertOne', 'i1'],
      [
        'updateOne',
        {
          topic: { $eq: 't' },
          n: { $exists: true },
          $or: [{ seenAt: { $exists: false } }, { seenAt: { $lt: 'b' } }],
        },
        { $inc: { n: 1 } },
        WRITTEN,
      ],
    ]);
  });

  it('makes a missing counter from the count', async () => {
    const { counters, calls, counter } = recordingCounter(null, 4);
    expect(await counters.recount({ topic: 't' }, 'n', countOf)).toBe(true);
    expect(calls.slice(0, 2)).toEqual([
      ['findOne', { topic: { $eq: 't' } }],
      ['items.countDocuments', { topic: { $eq: 't' } }],
    ]);
    expect(calls[2]).toEqual(['insertOne', expect.objectContaining({ topic: 't', n: 4 }), WRITTEN]);
    expect(counter()).toMatchObject({ topic: 't', n: 4 });
  });

  it('writes only over the counter it read, and counts again when a raise came between', async () => {
    const recording = recordingCounter({ _id: 'c1', topic: 't', seenAt: 'a', n: 2 }, 1, () =>
      recording.raiseBetween(),
    );
    const { counters, calls, counter } = recording;
    expect(await counters.recount({ topic: 't' }, 'n', countOf, { field: 'seenAt', to: 'b' })).toBe(true);
    const updates = calls.filter(([name]) => name === 'updateOne');
    expect(updates).toEqual([
      [
        'updateOne',
        { _id: { $eq: 'c1' }, n: { $eq: 2 }, seenAt: { $eq: 'a' } },
        { $set: { n: 1, seenAt: 'b' } },
        WRITTEN,
      ],
      [
        'updateOne',
        { _id: { $eq: 'c1' }, n: { $eq: 3 }, seenAt: { $eq: 'a' } },
        { $set: { n: 1, seenAt: 'b' } },
        WRITTEN,
      ],
    ]);
    expect(calls.filter(([name]) => name === 'items.countDocuments')).toHaveLength(2);
    expect(counter()).toMatchObject({ seenAt: 'b', n: 1 });
  });

  it('leaves a counter alone whose marker is there already', async () => {
    const { counters, calls } = recordingCounter({ _id: 'c1', topic: 't', seenAt: 'b', n: 2 }, 0);
    expect(await counters.recount({ topic: 't' }, 'n', countOf, { field: 'seenAt', to: 'a' })).toBe(false);
    expect(calls.map(([name]) => name)).toEqual(['findOne']);
  });
});
