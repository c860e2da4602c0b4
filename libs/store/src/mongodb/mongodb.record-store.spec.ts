import mongoose from 'mongoose';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../collections';
import { describeRecordStoreContract } from '../record-store.contract';
import { MongoRecordStore, toQuery } from './mongodb.record-store';

const mongoUrl = process.env.MONGO_URL;

/** A loopback port nothing listens on. */
const closedPort = async (): Promise<number> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};

describe('MongoDB query bodies', () => {
  it('translates every filter operator to its MongoDB form, never passing operators through', () => {
    expect(
      toQuery({
        conversationId: 'c1',
        date: { $lt: '2026-01-01T00:00:00.000Z' },
        readAt: { $gt: '2025-01-01T00:00:00.000Z' },
        kind: { $in: ['like', 'comment'] },
        participants: { $contains: 'u1' },
        read: false,
      }),
    ).toEqual({
      conversationId: { $eq: 'c1' },
      date: { $lt: '2026-01-01T00:00:00.000Z' },
      readAt: { $gt: '2025-01-01T00:00:00.000Z' },
      kind: { $in: ['like', 'comment'] },
      participants: { $eq: 'u1' },
      read: { $eq: false },
    });
  });
});

describe('MongoDB adapter readiness', () => {
  it('is not ready while its connection has not opened', async () => {
    const connection = mongoose.createConnection(`mongodb://127.0.0.1:${await closedPort()}/skillers`, {
      serverSelectionTimeoutMS: 200,
    });
    const opening = connection.asPromise().catch(() => undefined);
    const store = MongoRecordStore.over(connection);
    expect(connection.db).toBeUndefined();
    expect(await store.isReady()).toBe(false);
    await opening;
    expect(await store.isReady()).toBe(false);
    await store.close();
  });
});

// MongoDB cannot run where the default suite runs; `npm run test:cluster` with MONGO_URL set runs it for real.
describe.skipIf(!mongoUrl)('MongoDB adapter (needs MONGO_URL)', () => {
  describeRecordStoreContract('mongodb', async () => MongoRecordStore.connect(mongoUrl as string));

  it('reads the newest-first lists through an index, never sorting in memory', async () => {
    const store = await MongoRecordStore.connect(mongoUrl as string);
    const connection = mongoose.createConnection(mongoUrl as string);
    try {
      const spec = { ...COLLECTIONS.projects, name: `plan_projects_${Date.now().toString(36)}` };
      await store.ensureIndexes([spec]);
      const plan = await connection
        .collection(spec.name)
        .find({ ownerId: { $eq: 'a' } })
        .sort({ createdAt: -1, _id: -1 })
        .limit(20)
        .explain('queryPlanner');
      const winning = JSON.stringify(plan.queryPlanner.winningPlan);
      expect(winning).toContain('IXSCAN');
      expect(winning).not.toContain('"SORT"');
      await connection.collection(spec.name).drop();
    } finally {
      await connection.close();
      await store.close();
    }
  });
});
