import type { Model } from 'mongoose';
import { describe, expect, it } from 'vitest';
import type { CompanionDocument, StoredDocument } from '../record-store.port';
import { MongoCollection } from './mongodb.record-store';

/** The driver calls a collection makes, recorded in order, with no server behind them. */
const recordingCollection = (calls: string[]) => {
  const driver = {
    insertOne: async (doc: StoredDocument, options: unknown) =>
      void calls.push(`insertOne ${doc._id} ${JSON.stringify(options)}`),
    deleteOne: async () => {
      calls.push('deleteOne');
      return { deletedCount: 1 };
    },
    findOneAndUpdate: async () => {
      calls.push('findOneAndUpdate');
      return { _id: 'r1' };
    },
  };
  const model = { collection: driver } as unknown as Model<StoredDocument>;
  const collection = new MongoCollection<StoredDocument>(
    model,
    { name: 'projects', indexes: [] },
    async (companion) => {
      calls.push(`companion ${companion.doc._id}`);
      if (companion.doc._id === 'refused') throw new Error('not journaled');
    },
  );
  return { collection };
};

const outboxEntry = (id: string): CompanionDocument => ({
  collection: { name: 'index_outbox', indexes: [] },
  doc: { _id: id },
});

describe('MongoDB companion writes (no server)', () => {
  it('stores the companions before the write, so an acknowledged write always has them', async () => {
    const calls: string[] = [];
    const { collection } = recordingCollection(calls);
    await collection.insert({ _id: 'r1' }, { with: [outboxEntry('e1')] });
    await collection.update('r1', { name: 'x' } as never, [], { with: [outboxEntry('e2')] });
    await collection.delete('r1', { with: [outboxEntry('e3'), outboxEntry('d3')] });
    expect(calls).toEqual([
      'companion e1',
      'insertOne r1 {"writeConcern":{"w":"majority","j":true}}',
      'companion e2',
      'findOneAndUpdate',
      'companion e3',
      'companion d3',
      'deleteOne',
    ]);
  });

  it('does not make the write when a companion could not be stored', async () => {
    const calls: string[] = [];
    const { collection } = recordingCollection(calls);
    await expect(collection.delete('r1', { with: [outboxEntry('refused')] })).rejects.toThrow(
      'not journaled',
    );
    expect(calls).toEqual(['companion refused']);
  });
});
