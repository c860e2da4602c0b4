import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { searchDocument, searchQuery } from '../../search-index.contract';
import { EmbeddedSearchIndex } from '../embedded.search-index';
import type { EmbeddedSnapshotSource } from './snapshot-sections';
import { readSnapshotFile, type SnapshotLabels, snapshotSourceOf, writeSnapshotFile } from './snapshot-file';

const dir = mkdtempSync(join(tmpdir(), 'skillers-snapshot-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const labels: SnapshotLabels = { schema: 3, model: 'model-a' };
const acceptAll = () => undefined;

/** Vectors 32-bit floats hold exactly, as models produce them, so they come back equal. */
const docs = [
  searchDocument({ tags: { industry: ['Banking'] }, vector: [0.5, 0.25, -1], text: 'Data engineer' }),
  searchDocument({ tags: { industry: ['Banking', 'Mining'] }, vector: [0, 1, 0.125] }),
  searchDocument({ text: 'no vector here' }),
  searchDocument({ kind: 'project', numbers: { deadline: '2030-01-01' }, vector: [1, 2, 3, 4] }),
];

const writtenIndex = async (file: string): Promise<EmbeddedSearchIndex> => {
  const index = EmbeddedSearchIndex.create();
  await index.upsert(docs);
  await writeSnapshotFile(file, index.snapshotSource(), labels);
  return index;
};

describe('snapshot files', () => {
  it('read small sections into shared buffers, each aligned for the typed arrays that wrap it', async () => {
    const file = join(dir, 'shared-buffers.snapshot');
    const sizes = [3, 17, 0, 24, 1];
    const sections = sizes.map((bytes, at) => ({
      name: `small.${at}`,
      data: Buffer.from(Array.from({ length: bytes }, (_, n) => (n * 31 + at) & 0xff)),
    }));
    await writeSnapshotFile(file, snapshotSourceOf({ format: 1, sections } as never), labels);
    const read = await readSnapshotFile(file, acceptAll);
    if (!('snapshot' in read)) throw new Error(read.rejected);
    read.snapshot.sections.forEach(({ name, data }, at) => {
      expect(name).toBe(sections[at].name);
      expect(data).toEqual(sections[at].data);
      expect(data.byteOffset % 8).toBe(0);
    });
    const buffers = new Set(read.snapshot.sections.map(({ data }) => data.buffer));
    expect(buffers.size).toBe(1);
  });

  it('give back the same documents, vectors, filters, text ranking and kNN', async () => {
    const file = join(dir, 'round-trip.snapshot');
    writeFileSync(`${file}.999999.tmp`, 'left by a process killed while saving');
    const index = await writtenIndex(file);
    const read = await readSnapshotFile(file, acceptAll);
    if (!('snapshot' in read)) throw new Error(read.rejected);
    expect(read.labels).toEqual(labels);
    const loaded = EmbeddedSearchIndex.create();
    loaded.load(read.snapshot);
    for (const doc of docs) expect(await loaded.get(doc.id)).toEqual(doc);
    for (const query of [
      searchQuery({ tags: { industry: ['Banking', 'Mining'] } }),
      searchQuery({ text: 'data engineers' }),
      searchQuery({ queryVector: [0.5, 0.25, -1] }),
    ])
      expect(await loaded.search(query)).toEqual(await index.search(query));
    expect(await loaded.knn('teammate', [0, 1, 0], 2)).toEqual(await index.knn('teammate', [0, 1, 0], 2));
    expect(await loaded.count('project')).toBe(1);
    // Only the renamed file is left: neither its temporary nor one an earlier save left behind.
    expect(readdirSync(dir).filter((name) => name.startsWith('round-trip'))).toEqual(['round-trip.snapshot']);
  });

  it('reads the sections in chunks, checked against the written ones', async () => {
    const file = join(dir, 'chunks.snapshot');
    const index = EmbeddedSearchIndex.create();
    await index.upsert(docs);
    const snapshot = index.snapshot();
    // Written from the live arrays, a few bytes at a time: the same bytes as the copy.
    expect(await writeSnapshotFile(file, index.snapshotSource(), labels, { chunk: 100 })).toEqual({
      written: true,
      bytes: statSync(file).size,
    });
    const read = await readSnapshotFile(file, acceptAll, { chunk: 64 });
    if (!('snapshot' in read)) throw new Error(read.rejected);
    expect(read.snapshot.sections.map(({ name }) => name)).toEqual(snapshot.sections.map(({ name }) => name));
    read.snapshot.sections.forEach(({ data }, at) => {
      expect(data.equals(snapshot.sections[at].data)).toBe(true);
      // Aligned: every typed array can be wrapped where it lies.
      expect(data.byteOffset % 8).toBe(0);
    });
    const loaded = EmbeddedSearchIndex.restore(read.snapshot);
    for (const doc of docs) expect(await loaded.get(doc.id)).toEqual(doc);
  });

  it('are discarded when the index changes while they are written, and leave the older file in place', async () => {
    const file = join(dir, 'changed.snapshot');
    const index = await writtenIndex(file);
    const before = readFileSync(file);
    const later = searchDocument({ tags: { industry: ['Fishing'] }, vector: [1, 1, 1], text: 'Late write' });
    const source = index.snapshotSource();
    const temporary = `${file}.${process.pid}.tmp`;
    let bytesBeforeWrite = 0;
    // A write comes once part of the file is on disk, between two chunks, as an index job would.
    const sections = source.sections.map((section, at) =>
      at === Math.floor(source.sections.length / 2)
        ? {
            ...section,
            *parts() {
              bytesBeforeWrite = statSync(temporary).size;
              void index.upsert([later]);
              yield* section.parts();
            },
          }
        : section,
    );
    const result = await writeSnapshotFile(file, { ...source, sections }, labels, { chunk: 64 });
    expect(bytesBeforeWrite).toBeGreaterThan(0);
    expect(result).toEqual({ written: false, discarded: 'the index changed while it was written' });
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(readdirSync(dir).filter((name) => name.startsWith('changed'))).toEqual(['changed.snapshot']);

    // A write before the first byte discards it too; once writes pause, the next save holds the later one.
    const early = writeSnapshotFile(file, index.snapshotSource(), labels);
    await index.remove([docs[0].id]);
    expect(await early).toMatchObject({ written: false });
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(await writeSnapshotFile(file, index.snapshotSource(), labels, { chunk: 64 })).toMatchObject({
      written: true,
    });
    const read = await readSnapshotFile(file, acceptAll);
    if (!('snapshot' in read)) throw new Error(read.rejected);
    const loaded = EmbeddedSearchIndex.restore(read.snapshot);
    expect(await loaded.get(later.id)).toEqual(later);
    expect(await loaded.get(docs[0].id)).toBeNull();
  });

  it('fail, leaving no file, when a section is not the size its header gives', async () => {
    const file = join(dir, 'wrong-size.snapshot');
    const index = EmbeddedSearchIndex.create();
    await index.upsert(docs);
    const source: EmbeddedSnapshotSource = snapshotSourceOf(index.snapshot());
    const sections = source.sections.map((section, at) =>
      at === 3 ? { ...section, bytes: section.bytes + 1 } : section,
    );
    await expect(writeSnapshotFile(file, { ...source, sections }, labels)).rejects.toThrow(
      /section .+: \d+ bytes, its header says \d+/,
    );
    expect(readdirSync(dir).filter((name) => name.startsWith('wrong-size'))).toEqual([]);
  });

  it('turns down a file of an older format unread', async () => {
    const file = join(dir, 'older.snapshot');
    // 3 held Orama's JSON save of the texts under the same kinds' names; 4 no versions; 5 no wanted hours.
    for (const format of [2, 3, 4, 5]) {
      const header = Buffer.from(JSON.stringify({ format, labels, sections: [] }));
      const length = Buffer.alloc(4);
      length.writeUInt32LE(header.length);
      writeFileSync(file, Buffer.concat([Buffer.from('SKILLERS-INDEX-SNAPSHOT\n'), length, header]));
      expect(await readSnapshotFile(file, acceptAll)).toEqual({ rejected: `file format ${format}` });
    }
  });

  it('give back an index scoring every text query exactly as before, after removals and rewrites', async () => {
    const words = ['data', 'database', 'design', 'designer', 'develop', 'developer', 'rust', 'go', 'the'];
    let state = 11;
    const random = () => {
      state = (state * 1664525 + 1013904223) >>> 0;
      return state / 4294967296;
    };
    const text = () =>
      Array.from(
        { length: 1 + Math.floor(random() * 8) },
        () => words[Math.floor(random() * words.length)],
      ).join(' ');
    const written = Array.from({ length: 120 }, (_, n) =>
      searchDocument({ kind: n % 5 ? 'teammate' : 'project', text: text() }),
    );
    const index = EmbeddedSearchIndex.create();
    await index.upsert(written);
    // Removals and rewrites move the running average length and free slots that new texts take again.
    await index.remove(written.filter((_, n) => n % 3 === 0).map((doc) => doc.id));
    await index.upsert(written.filter((_, n) => n % 4 === 1).map((doc) => ({ ...doc, text: text() })));
    await index.upsert(Array.from({ length: 20 }, () => searchDocument({ text: text() })));

    const file = join(dir, 'text-scores.snapshot');
    await writeSnapshotFile(file, index.snapshotSource(), labels);
    const read = await readSnapshotFile(file, acceptAll);
    if (!('snapshot' in read)) throw new Error(read.rejected);
    const restored = EmbeddedSearchIndex.restore(read.snapshot);
    const queries = ['data', 'de', 'design developer', 'go rust', 'dev the', 'databases', 'r'];
    const same = async () => {
      for (const kind of ['teammate', 'project'] as const)
        for (const query of queries) {
          const search = searchQuery({ kind, text: query, pageSize: 200 });
          const before = await index.search(search);
          expect(before.total).toBeGreaterThan(0);
          expect(await restored.search(search)).toEqual(before);
        }
    };
    await same();
    const later = [searchDocument({ text: 'rust designer' }), { ...written[2], text: 'data' }];
    for (const target of [index, restored]) {
      await target.remove([written[1].id, written[5].id]);
      await target.upsert(later);
    }
    await same();
  });

  it('asks the caller about the labels before reading the body', async () => {
    const file = join(dir, 'labels.snapshot');
    await writtenIndex(file);
    const seen: SnapshotLabels[] = [];
    const read = await readSnapshotFile(file, (found) => {
      seen.push(found);
      return found.model === 'model-b' ? undefined : `built for ${String(found.model)}`;
    });
    expect(read).toEqual({ rejected: 'built for model-a' });
    expect(seen).toEqual([labels]);
  });

  it('turns down a missing, truncated, altered or foreign file', async () => {
    expect(await readSnapshotFile(join(dir, 'missing.snapshot'), acceptAll)).toEqual({
      rejected: 'no snapshot',
    });

    const file = join(dir, 'damaged.snapshot');
    await writtenIndex(file);
    const whole = readFileSync(file);

    truncateSync(file, whole.length - 100);
    expect(await readSnapshotFile(file, acceptAll)).toMatchObject({ rejected: /truncated/ });
    truncateSync(file, 10);
    expect(await readSnapshotFile(file, acceptAll)).toMatchObject({ rejected: /unreadable/ });

    const flipped = Buffer.from(whole);
    flipped[Math.floor(whole.length * 0.6)] ^= 0xff;
    writeFileSync(file, flipped);
    expect(await readSnapshotFile(file, acceptAll)).toMatchObject({
      rejected: /^checksum mismatch: section teammate\./,
    });
    // The header, and the checksums themselves, are checked too.
    for (const at of [30, whole.length - 6]) {
      const altered = Buffer.from(whole);
      altered[at] ^= 0x01;
      writeFileSync(file, altered);
      expect(await readSnapshotFile(file, acceptAll)).toMatchObject({ rejected: /^checksum mismatch/ });
    }

    writeFileSync(file, Buffer.concat([whole, Buffer.from([0])]));
    expect(await readSnapshotFile(file, acceptAll)).toMatchObject({ rejected: /padded/ });

    writeFileSync(file, '{"format":1,"kinds":{}}');
    expect(await readSnapshotFile(file, acceptAll)).toMatchObject({ rejected: /not a snapshot/ });
  });
});
