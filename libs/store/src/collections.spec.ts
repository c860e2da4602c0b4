import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from './collections';
import type { CollectionSpec, FindOptions } from './record-store.port';
import { SQLITE_FILE_NAME } from './open-record-store';
import { orderAndPage, whereClause } from './sqlite/sqlite-sql';
import { SqliteRecordStore } from './sqlite/sqlite.record-store';

const NEWEST_FIRST: FindOptions['sort'] = [
  { field: 'createdAt', direction: 'desc' },
  { field: '_id', direction: 'desc' },
];

/** Every sorted list the product reads: the collection, the fields it filters on by equality, the sort. */
const LISTS: { spec: CollectionSpec; filter: Record<string, string>; sort: FindOptions['sort'] }[] = [
  { spec: COLLECTIONS.projects, filter: {}, sort: NEWEST_FIRST },
  { spec: COLLECTIONS.projects, filter: { ownerId: 'a' }, sort: NEWEST_FIRST },
  { spec: COLLECTIONS.teammates, filter: {}, sort: NEWEST_FIRST },
  { spec: COLLECTIONS.posts, filter: {}, sort: NEWEST_FIRST },
  { spec: COLLECTIONS.comments, filter: { postId: 'a' }, sort: NEWEST_FIRST },
  { spec: COLLECTIONS.notifications, filter: { userId: 'a' }, sort: NEWEST_FIRST },
  { spec: COLLECTIONS.saved, filter: { userId: 'a', kind: 'project' }, sort: NEWEST_FIRST },
  { spec: COLLECTIONS.propositions, filter: {}, sort: NEWEST_FIRST },
  { spec: COLLECTIONS.propositions, filter: { filterType: 'a' }, sort: NEWEST_FIRST },
  { spec: COLLECTIONS.reports, filter: {}, sort: NEWEST_FIRST },
  { spec: COLLECTIONS.reports, filter: { status: 'a' }, sort: NEWEST_FIRST },
  { spec: COLLECTIONS.conversations, filter: { startedBy: 'a' }, sort: NEWEST_FIRST },
  { spec: COLLECTIONS.invitations, filter: { toId: 'a' }, sort: NEWEST_FIRST },
  { spec: COLLECTIONS.invitations, filter: { fromId: 'a' }, sort: NEWEST_FIRST },
  { spec: COLLECTIONS.invitations, filter: { projectId: 'a' }, sort: NEWEST_FIRST },
  { spec: COLLECTIONS.savedSearches, filter: { ownerId: 'a' }, sort: NEWEST_FIRST },
  {
    spec: COLLECTIONS.messages,
    filter: { conversationId: 'a' },
    sort: [
      { field: 'date', direction: 'desc' },
      { field: '_id', direction: 'desc' },
    ],
  },
];

/**
 * An index serves an equality filter plus a sort when it starts with the filtered fields (in any order)
 * and goes on with the sort's fields in order: MongoDB then walks it (backwards for a descending sort)
 * without sorting in memory.
 */
const serves = (fields: readonly string[], filtered: readonly string[], sorted: readonly string[]) =>
  fields.length >= filtered.length + sorted.length &&
  filtered.every((field) => fields.slice(0, filtered.length).includes(field)) &&
  sorted.every((field, at) => fields[filtered.length + at] === field);

describe('collection indexes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'skillers-indexes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(LISTS.map((list) => [list.spec.name, Object.keys(list.filter).join('+') || 'all', list] as const))(
    'every sorted list has an index that serves it: %s by %s',
    (_name, _filter, { spec, filter, sort }) => {
      const sorted = (sort ?? []).map(({ field }) => field);
      const indexes = spec.indexes.map((index) => index.fields);
      expect(indexes.some((fields) => serves(fields, Object.keys(filter), sorted))).toBe(true);
    },
  );

  it('lets SQLite read the newest-first lists in index order, without sorting', async () => {
    const store = new SqliteRecordStore(join(dir, SQLITE_FILE_NAME));
    await store.ensureIndexes(LISTS.map((list) => list.spec));
    await store.close();
    const db = new Database(join(dir, SQLITE_FILE_NAME), { readonly: true });
    try {
      for (const { spec, filter, sort } of LISTS) {
        const where = whereClause(filter);
        const order = orderAndPage({ sort, limit: 20 });
        const plan = db
          .prepare(`EXPLAIN QUERY PLAN SELECT doc FROM "${spec.name}" ${where.sql} ${order.sql}`)
          .all(...where.params, ...order.params) as { detail: string }[];
        const details = plan.map((step) => step.detail).join('; ');
        expect(details, spec.name).toMatch(/USING INDEX/);
        expect(details, spec.name).not.toMatch(/TEMP B-TREE/);
      }
    } finally {
      db.close();
    }
  });
});
