import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { newId } from '../object-id';
import { DuplicateKeyError } from '../record-store.port';
import { describeRecordStoreContract } from '../record-store.contract';
import { SqliteRecordStore } from './sqlite.record-store';

const dir = mkdtempSync(join(tmpdir(), 'skillers-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeRecordStoreContract('sqlite', async () => new SqliteRecordStore(join(dir, 'contract.sqlite')));

describe('SqliteRecordStore durability', () => {
  it('keeps the companions of a write only when the write itself is kept (one transaction)', async () => {
    const store = new SqliteRecordStore(join(dir, 'companions.sqlite'));
    const accounts = store.collection<{ _id: string; email: string }>({
      name: 'accounts',
      indexes: [{ fields: ['email'], unique: true }],
    });
    const outboxSpec = { name: 'outbox', indexes: [] };
    const outbox = store.collection<{ _id: string }>(outboxSpec);
    const entry = () => ({ collection: outboxSpec, doc: { _id: newId() } });
    await accounts.insert({ _id: newId(), email: 'a@example.com' }, { with: [entry()] });
    const clash = accounts.insert({ _id: newId(), email: 'a@example.com' }, { with: [entry()] });
    await expect(clash).rejects.toBeInstanceOf(DuplicateKeyError);
    const second = await accounts.insert({ _id: newId(), email: 'b@example.com' });
    await expect(
      accounts.update(second._id, { email: 'a@example.com' }, [], { with: [entry()] }),
    ).rejects.toBeInstanceOf(DuplicateKeyError);
    expect(await outbox.count({})).toBe(1);
    await store.close();
  });

  it('takes the write lock before reading in a read-change-write, so another connection cannot commit between', async () => {
    const file = join(dir, 'immediate.sqlite');
    const store = new SqliteRecordStore(file);
    const profiles = store.collection<{ _id: string; nickname: string }>({ name: 'profiles', indexes: [] });
    const first = await profiles.insert({ _id: newId(), nickname: 'first' });
    const second = await profiles.insert({ _id: newId(), nickname: 'second' });
    // Another connection to the same file, as the alerts thread has; it tries to commit while the update
    // is between its read and its write (the patch's getter runs there).
    const other = new Database(file, { timeout: 0 });
    let otherWrite: unknown;
    const patch = {
      get nickname() {
        try {
          other
            .prepare('UPDATE profiles SET doc = json_set(doc, ?, ?) WHERE id = ?')
            .run('$.nickname', 'x', second._id);
          otherWrite = 'committed';
        } catch (error) {
          otherWrite = (error as { code?: string }).code;
        }
        return 'renamed';
      },
    };
    await expect(profiles.update(first._id, patch)).resolves.toMatchObject({ nickname: 'renamed' });
    expect(otherWrite).toBe('SQLITE_BUSY');
    other.close();
    await store.close();
  });

  it('uses WAL with full sync, and keeps writes across a reopen', async () => {
    const file = join(dir, 'durable.sqlite');
    const spec = { name: 'notes', indexes: [] };
    const first = new SqliteRecordStore(file);
    const id = newId();
    await first.collection<{ _id: string; text: string }>(spec).insert({ _id: id, text: 'kept' });
    await first.close();
    const reopened = new SqliteRecordStore(file);
    expect(await reopened.collection<{ _id: string; text: string }>(spec).findById(id)).toEqual({
      _id: id,
      text: 'kept',
    });
    await reopened.close();
  });

  it('keeps the database and its WAL readable by their owner only, whatever the umask', async () => {
    const file = join(dir, 'private', 'records.sqlite');
    const previous = process.umask(0o000);
    try {
      const store = new SqliteRecordStore(file);
      await store.collection<{ _id: string }>({ name: 'notes', indexes: [] }).insert({ _id: newId() });
      for (const path of [file, `${file}-wal`, `${file}-shm`]) {
        expect((statSync(path).mode & 0o777).toString(8), path).toBe('600');
      }
      await store.close();
      // A file made before by a looser server is tightened when opened.
      const older = join(dir, 'older.sqlite');
      writeFileSync(older, '');
      chmodSync(older, 0o644);
      await new SqliteRecordStore(older).close();
      expect((statSync(older).mode & 0o777).toString(8)).toBe('600');
    } finally {
      process.umask(previous);
    }
  });

  it('keeps nothing from a batch that breaks a unique index', async () => {
    const store = new SqliteRecordStore(join(dir, 'batch.sqlite'));
    const spec = { name: 'accounts', indexes: [{ fields: ['email'], unique: true }] };
    const accounts = store.collection<{ _id: string; email: string }>(spec);
    const account = (email: string) => ({ _id: newId(), email });
    const inBatchClash = [account('a@example.com'), account('b@example.com'), account('a@example.com')];
    await expect(accounts.insertMany(inBatchClash)).rejects.toBeInstanceOf(DuplicateKeyError);
    expect(await accounts.count({})).toBe(0);

    await accounts.insert(account('kept@example.com'));
    const storedClash = [account('c@example.com'), account('kept@example.com')];
    await expect(accounts.insertMany(storedClash)).rejects.toMatchObject({ fields: ['email'] });
    expect((await accounts.find({})).map((doc) => doc.email)).toEqual(['kept@example.com']);
    await store.close();
  });

  it('refuses field names that are not plain paths', async () => {
    const store = new SqliteRecordStore(':memory:');
    const notes = store.collection<{ _id: string }>({ name: 'notes', indexes: [] });
    await expect(notes.find({ "x') OR 1=1 --": 1 })).rejects.toThrow(/Invalid field name/);
    await store.close();
  });
});

describe('SqliteRecordStore change stamp', () => {
  type Note = { _id: string; text: string; tags?: string[] };
  const notesSpec = { name: 'notes', indexes: [] };
  const otherSpec = { name: 'others', indexes: [] };

  it('changes with every write to the named collections, in any form, and survives a reopen', async () => {
    const file = join(dir, 'stamp.sqlite');
    const store = new SqliteRecordStore(file);
    const notes = store.collection<Note>(notesSpec);
    const others = store.collection<Note>(otherSpec);
    const stamps = [await store.changeStamp(['notes'])];
    const changed = async () => {
      const stamp = await store.changeStamp(['notes']);
      expect(stamps).not.toContain(stamp);
      stamps.push(stamp);
    };
    const id = newId();
    await notes.insert({ _id: id, text: 'a' });
    await changed();
    await notes.insertMany([{ _id: newId(), text: 'b' }]);
    await changed();
    await notes.update(id, { text: 'c' });
    await changed();
    await notes.addToSet(id, 'tags', 'x');
    await changed();
    await notes.pull(id, 'tags', 'x');
    await changed();
    await notes.delete(id);
    await changed();
    await notes.deleteMany({});
    await changed();

    const before = await store.changeStamp(['notes']);
    const bothBefore = await store.changeStamp(['notes', 'others']);
    await notes.find({});
    await notes.count({});
    await others.insert({ _id: newId(), text: 'elsewhere' });
    expect(await store.changeStamp(['notes'])).toBe(before);
    expect(await store.changeStamp(['notes', 'others'])).not.toBe(bothBefore);
    await store.close();

    const reopened = new SqliteRecordStore(file);
    expect(await reopened.changeStamp(['notes'])).toBe(before);
    await reopened.close();
  });

  it('differs between two stores with the same number of writes', async () => {
    const stampAfterOneWrite = async (name: string) => {
      const store = new SqliteRecordStore(join(dir, name));
      await store.collection<Note>(notesSpec).insert({ _id: 'same', text: 'same' });
      const stamp = await store.changeStamp(['notes']);
      await store.close();
      return stamp;
    };
    expect(await stampAfterOneWrite('one.sqlite')).not.toBe(await stampAfterOneWrite('two.sqlite'));
  });
});

describe('SqliteRecordStore file for another thread', () => {
  it('names its file, which another connection opens on the same records; a store in memory names none', async () => {
    const store = new SqliteRecordStore(join(dir, 'shared.sqlite'));
    expect(store.sqliteFile).toBe(join(dir, 'shared.sqlite'));
    const notes = store.collection<{ _id: string; text: string }>({ name: 'notes', indexes: [] });
    const note = await notes.insert({ _id: newId(), text: 'seen by the other thread' });
    const other = new SqliteRecordStore(store.sqliteFile ?? '');
    expect(await other.collection({ name: 'notes', indexes: [] }).findById(note._id)).toEqual(note);
    await other.close();
    await store.close();

    const inMemory = new SqliteRecordStore(':memory:');
    expect(inMemory.sqliteFile).toBeUndefined();
    await inMemory.close();
  });
});
