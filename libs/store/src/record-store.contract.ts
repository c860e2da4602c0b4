import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { COLLECTIONS } from './collections';
import { newId } from './object-id';
import { type CollectionSpec, DuplicateKeyError, type RecordStore } from './record-store.port';

interface Person {
  _id: string;
  email: string;
  name: string;
  age?: number;
  active?: boolean;
  tags?: string[];
  createdAt: string;
}

/** A record's saved-search hits, as the product stores them. */
interface HitsRow {
  _id: string;
  recordKind: string;
  hits: { at: string; searchIds: string[] }[];
}

/** A notification, with the fields the saved-search alerts look up. */
interface AlertRow {
  _id: string;
  userId: string;
  kind: string;
  savedSearchId?: string;
  read: boolean;
  createdAt: string;
}

/** Behaviour every RecordStore adapter must show; each adapter's spec file runs it against a real store. */
export const describeRecordStoreContract = (adapterName: string, open: () => Promise<RecordStore>) => {
  describe(`RecordStore contract: ${adapterName}`, () => {
    let store: RecordStore;
    const spec: CollectionSpec = {
      name: `contract_people_${Date.now().toString(36)}`,
      indexes: [{ fields: ['email'], unique: true }, { fields: ['createdAt'] }],
    };
    const people = () => store.collection<Person>(spec);
    const notesSpec: CollectionSpec = { name: `${spec.name}_notes`, indexes: [] };
    const notes = () => store.collection<{ _id: string; about: string }>(notesSpec);
    const note = (about: string) => ({ collection: notesSpec, doc: { _id: newId(), about } });
    const person = (overrides: Partial<Person> = {}): Person => ({
      _id: newId(),
      email: `${newId()}@example.com`,
      name: 'Ada',
      createdAt: new Date().toISOString(),
      ...overrides,
    });

    beforeEach(async () => {
      if (!store) {
        store = await open();
        // Unique constraints hold only once their index is built; MongoDB builds them in the background.
        await store.ensureIndexes([spec]);
      }
      await people().deleteMany({});
      await notes().deleteMany({});
    });
    afterAll(async () => {
      await people().deleteMany({});
      await notes().deleteMany({});
      await store?.close();
    });

    it('reports its adapter and readiness', async () => {
      expect(store.adapter).toBe(adapterName);
      expect(await store.isReady()).toBe(true);
    });

    it('inserts and reads a document back unchanged', async () => {
      const ada = person({ age: 36, active: true, tags: ['math'] });
      await people().insert(ada);
      expect(await people().findById(ada._id)).toEqual(ada);
      expect(await people().findById(newId())).toBeNull();
    });

    it('rejects a second document with the same unique field, naming the field', async () => {
      await people().insert(person({ email: 'same@example.com' }));
      const clash = people().insert(person({ email: 'same@example.com' }));
      await expect(clash).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(people().insert(person({ email: 'same@example.com' }))).rejects.toMatchObject({
        fields: ['email'],
      });
      expect(await people().count({})).toBe(1);
    });

    it('rejects a duplicate id', async () => {
      const ada = person();
      await people().insert(ada);
      await expect(people().insert(person({ _id: ada._id }))).rejects.toBeInstanceOf(DuplicateKeyError);
    });

    it('inserts a batch and reads every document back', async () => {
      const batch = [
        person({ name: 'A', tags: ['x'] }),
        person({ name: 'B' }),
        person({ name: 'C', age: 3 }),
      ];
      expect(await people().insertMany(batch)).toBe(3);
      expect(await people().count({})).toBe(3);
      for (const doc of batch) expect(await people().findById(doc._id)).toEqual(doc);
      expect(await people().insertMany([])).toBe(0);
      expect(await people().count({})).toBe(3);
    });

    it('rejects a batch holding a duplicate, naming the field', async () => {
      const batch = [person({ email: 'twice@example.com' }), person({ email: 'twice@example.com' })];
      await expect(people().insertMany(batch)).rejects.toMatchObject({
        name: 'DuplicateKeyError',
        fields: ['email'],
      });
      const stored = person();
      await people().insert(stored);
      await expect(people().insertMany([person({ _id: stored._id })])).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
    });

    it('filters by equality, by membership and by array contents', async () => {
      const [a, b, c] = [
        person({ name: 'A', age: 20, active: true, tags: ['x', 'y'] }),
        person({ name: 'B', age: 30, active: false, tags: ['y'] }),
        person({ name: 'C', age: 40, tags: [] }),
      ];
      for (const p of [a, b, c]) await people().insert(p);
      const names = (list: Person[]) => list.map((p) => p.name).sort();
      expect(names(await people().find({ age: 30 }))).toEqual(['B']);
      expect(names(await people().find({ active: true }))).toEqual(['A']);
      expect(names(await people().find({ name: { $in: ['A', 'C'] } }))).toEqual(['A', 'C']);
      expect(names(await people().find({ name: { $in: [] } }))).toEqual([]);
      expect(names(await people().find({ tags: { $contains: 'y' } }))).toEqual(['A', 'B']);
      expect(names(await people().find({ tags: { $contains: 'y' }, age: 20 }))).toEqual(['A']);
      expect(await people().count({ tags: { $contains: 'x' } })).toBe(1);
      expect(names(await people().find({ age: { $lt: 30 } }))).toEqual(['A']);
      expect(names(await people().find({ name: { $lt: 'C' }, active: false }))).toEqual(['B']);
      expect(names(await people().find({ age: { $gt: 20 } }))).toEqual(['B', 'C']);
      expect(names(await people().find({ name: { $gt: 'A' }, age: { $lt: 40 } }))).toEqual(['B']);
      expect((await people().findOne({ name: 'C' }))?._id).toBe(c._id);
      expect(await people().findOne({ name: 'nobody' })).toBeNull();
    });

    it('sorts and pages', async () => {
      for (let i = 0; i < 7; i++) {
        await people().insert(
          person({ name: `p${i}`, createdAt: new Date(Date.UTC(2026, 0, i + 1)).toISOString() }),
        );
      }
      const newest = { sort: [{ field: 'createdAt', direction: 'desc' as const }] };
      expect((await people().find({}, { ...newest, limit: 3 })).map((p) => p.name)).toEqual([
        'p6',
        'p5',
        'p4',
      ]);
      expect((await people().find({}, { ...newest, skip: 3, limit: 3 })).map((p) => p.name)).toEqual([
        'p3',
        'p2',
        'p1',
      ]);
      expect((await people().find({}, { ...newest, skip: 6, limit: 3 })).map((p) => p.name)).toEqual(['p0']);
      expect(await people().find({}, { ...newest, skip: 9, limit: 3 })).toEqual([]);
    });

    it('updates fields, removes fields, and returns the new document', async () => {
      const ada = person({ age: 36 });
      await people().insert(ada);
      const updated = await people().update(ada._id, { name: 'Ada L.' }, ['age']);
      const { age: _removed, ...withoutAge } = ada;
      expect(updated).toStrictEqual({ ...withoutAge, name: 'Ada L.' });
      expect(await people().findById(ada._id)).toEqual(updated);
      expect(await people().update(newId(), { name: 'ghost' })).toBeNull();
    });

    it('keeps unique constraints on update', async () => {
      const first = person({ email: 'first@example.com' });
      const second = person({ email: 'second@example.com' });
      await people().insert(first);
      await people().insert(second);
      await expect(people().update(second._id, { email: 'first@example.com' })).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
      expect((await people().findById(second._id))?.email).toBe('second@example.com');
    });

    it('adds to and pulls from array fields without duplicates, even concurrently', async () => {
      const ada = person();
      await people().insert(ada);
      await Promise.all(['a', 'b', 'a', 'c', 'b'].map((tag) => people().addToSet(ada._id, 'tags', tag)));
      expect((await people().findById(ada._id))?.tags?.sort()).toEqual(['a', 'b', 'c']);
      const pulled = await people().pull(ada._id, 'tags', 'b');
      expect(pulled?.tags?.sort()).toEqual(['a', 'c']);
      expect(await people().addToSet(newId(), 'tags', 'x')).toBeNull();
    });

    it('deletes one or many', async () => {
      const [a, b, c] = [person({ age: 1 }), person({ age: 1 }), person({ age: 2 })];
      for (const p of [a, b, c]) await people().insert(p);
      expect(await people().delete(a._id)).toBe(true);
      expect(await people().delete(a._id)).toBe(false);
      expect(await people().deleteMany({ age: 1 })).toBe(1);
      expect((await people().find({})).map((p) => p._id)).toEqual([c._id]);
    });

    it('writes companion documents with an insert, an update and a delete', async () => {
      const ada = person();
      await people().insert(ada, { with: [note('inserted')] });
      expect(
        await people().update(ada._id, { name: 'Ada L.' }, [], { with: [note('updated')] }),
      ).toMatchObject({
        name: 'Ada L.',
      });
      expect(await people().delete(ada._id, { with: [note('deleted'), note('deleted too')] })).toBe(true);
      expect((await notes().find({})).map((n) => n.about).sort()).toEqual([
        'deleted',
        'deleted too',
        'inserted',
        'updated',
      ]);
      expect(await people().findById(ada._id)).toBeNull();
    });

    it('raises a counter with each insert, racing or not, and recounts it, moving its marker forward only', async () => {
      const countersSpec: CollectionSpec = {
        name: `${spec.name}_counters`,
        indexes: [{ fields: ['topic'], unique: true }],
      };
      const itemsSpec: CollectionSpec = {
        name: `${spec.name}_items`,
        indexes: [{ fields: ['topic', 'at'] }],
      };
      await store.ensureIndexes([countersSpec, itemsSpec]);
      const counters = store.collection<{ _id: string; topic: string; seenAt?: string; n?: number }>(
        countersSpec,
      );
      const items = store.collection<{ _id: string; topic: string; at: string }>(itemsSpec);
      const topic = newId();
      const at = (second: number) => `2026-01-01T00:00:${String(second).padStart(2, '0')}.000Z`;
      const countOf = {
        collection: itemsSpec,
        where: ({ seenAt }: { seenAt?: string }) => ({ topic, ...(seenAt && { at: { $gt: seenAt } }) }),
      };
      const add = (second: number) =>
        items.insert(
          { _id: newId(), topic, at: at(second) },
          {
            raise: [
              {
                collection: countersSpec,
                match: { topic },
                field: 'n',
                unlessReached: { field: 'seenAt', value: at(second) },
              },
            ],
          },
        );

      // No counter yet: a raise makes none; the first recount counts what is there.
      await add(1);
      expect(await counters.findOne({ topic })).toBeNull();
      expect(await counters.recount({ topic }, 'n', countOf)).toBe(true);
      expect(await counters.findOne({ topic })).toMatchObject({ topic, n: 1 });

      await Promise.all(Array.from({ length: 20 }, (_, i) => add(10 + i)));
      expect((await counters.findOne({ topic }))?.n).toBe(21);
      // A write refused raises nothing.
      const [stored] = await items.find({ topic }, { limit: 1 });
      const again = items.insert(stored, {
        raise: [{ collection: countersSpec, match: { topic }, field: 'n' }],
      });
      await expect(again).rejects.toBeInstanceOf(DuplicateKeyError);
      expect((await counters.findOne({ topic }))?.n).toBe(21);

      // Read up to second 20: the items after it stay counted, and raises at or before it are skipped.
      expect(await counters.recount({ topic }, 'n', countOf, { field: 'seenAt', to: at(20) })).toBe(true);
      expect(await counters.findOne({ topic })).toMatchObject({ seenAt: at(20), n: 9 });
      await add(5);
      await add(40);
      expect((await counters.findOne({ topic }))?.n).toBe(10);
      expect(await counters.recount({ topic }, 'n', countOf, { field: 'seenAt', to: at(15) })).toBe(false);
      expect(await counters.findOne({ topic })).toMatchObject({ seenAt: at(20), n: 10 });
      expect(await counters.count({ topic })).toBe(1);
      await counters.deleteMany({});
      await items.deleteMany({});
    });

    it('caps the documents per owner even when inserts race, and frees a place on delete', async () => {
      const cappedSpec: CollectionSpec = { ...COLLECTIONS.savedSearches, name: `${spec.name}_capped` };
      await store.ensureIndexes([cappedSpec]);
      const capped = store.collection<{ _id: string; ownerId: string; createdAt: string }>(cappedSpec);
      const [owner, other] = [newId(), newId()];
      const row = (ownerId: string) => ({ _id: newId(), ownerId, createdAt: new Date().toISOString() });
      const stored = await Promise.all(
        Array.from({ length: 12 }, () => capped.insertCapped(row(owner), 5, { with: [note('capped')] })),
      );
      expect(stored.filter(Boolean)).toHaveLength(5);
      expect(await capped.count({ ownerId: owner })).toBe(5);
      expect(await notes().count({})).toBe(5);
      expect(await capped.insertCapped(row(other), 5)).toBe(true);
      const [first] = await capped.find({ ownerId: owner });
      expect(await capped.delete(first._id)).toBe(true);
      expect(await capped.insertCapped(row(owner), 5)).toBe(true);
      expect(await capped.insertCapped(row(owner), 5)).toBe(false);
      expect(await capped.deleteMany({ ownerId: owner })).toBe(5);
      expect(await Promise.all([1, 2].map(() => capped.insertCapped(row(owner), 1)))).toContain(false);
      expect(await capped.count({ ownerId: owner })).toBe(1);
    });

    it("keeps a record's saved-search hits by the record's id, read many at once and put many at once", async () => {
      const hitsSpec: CollectionSpec = { ...COLLECTIONS.savedSearchHits, name: `${spec.name}_hits` };
      await store.ensureIndexes([hitsSpec]);
      const hits = store.collection<HitsRow>(hitsSpec);
      const [first, second, searchA, searchB] = [newId(), newId(), newId(), newId()];
      const at = new Date().toISOString();
      await hits.insertMany([
        { _id: first, recordKind: 'project', hits: [{ at, searchIds: [searchA] }] },
        { _id: second, recordKind: 'teammate', hits: [{ at, searchIds: [searchB] }] },
      ]);
      await expect(hits.insert({ _id: first, recordKind: 'project', hits: [] })).rejects.toMatchObject({
        name: 'DuplicateKeyError',
      });
      const third = newId();
      expect(
        await hits.putMany([
          { _id: first, recordKind: 'project', hits: [{ at, searchIds: [searchA, searchB] }] },
          { _id: third, recordKind: 'project', hits: [{ at, searchIds: [searchB] }] },
        ]),
      ).toBe(2);
      expect(await hits.count({})).toBe(3);
      const read = await hits.find({ _id: { $in: [first, second, newId()] } });
      expect(
        read.map((row) => [row._id, row.hits.flatMap((group) => group.searchIds).sort()]).sort(),
      ).toEqual(
        [
          [first, [searchA, searchB].sort()],
          [second, [searchB]],
        ].sort(),
      );
    });

    it('finds the unread saved-search alerts of many users at once', async () => {
      const alertsSpec: CollectionSpec = { ...COLLECTIONS.notifications, name: `${spec.name}_alerts` };
      await store.ensureIndexes([alertsSpec]);
      const alerts = store.collection<AlertRow>(alertsSpec);
      const [unreadSearch, readSearch] = [newId(), newId()];
      const alert = (savedSearchId: string | undefined, read: boolean): AlertRow => ({
        _id: newId(),
        userId: newId(),
        kind: savedSearchId ? 'saved_search' : 'like',
        ...(savedSearchId && { savedSearchId }),
        read,
        createdAt: new Date().toISOString(),
      });
      await alerts.insertMany([alert(unreadSearch, false), alert(readSearch, true), alert(undefined, false)]);
      const owners = (await alerts.find({})).map((row) => row.userId);
      const found = await alerts.find({ userId: { $in: owners }, read: false, kind: 'saved_search' });
      expect(found.map((row) => row.savedSearchId)).toEqual([unreadSearch]);
    });
  });
};
