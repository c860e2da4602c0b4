import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { throughFile } from '../snapshot/sections-in-file.testing';
import { arrayOf, copySections } from '../structures/binary-sections';
import { TextStore } from './text-store';

const dir = mkdtempSync(join(tmpdir(), 'skillers-texts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TEXTS = ['', 'plain ascii', 'naïve café', 'emoji 😀 pair', 'lone \uD800 high', 'lone \uDC00 low'];

/** Writes and removes texts over 3 000 slots, the same in the store and a map. */
const rewrite = (store: TextStore, model: Map<number, string>, rounds: number, seed: number): void => {
  for (let n = 0; n < rounds; n++) {
    const slot = ((n + seed) * 7919) % 3000;
    if (n % 5 === 0) {
      store.delete(slot);
      model.delete(slot);
    } else {
      const text = `${TEXTS[n % TEXTS.length]} ${'x'.repeat(n % 300)}`;
      store.set(slot, text);
      model.set(slot, text);
    }
  }
};

const expectTexts = (store: TextStore, model: Map<number, string>): void => {
  for (let slot = 0; slot < 3000; slot++) expect(store.get(slot)).toBe(model.get(slot));
};

/** The store's texts saved in a snapshot file and loaded where it holds them. */
const throughSnapshotFile = async (store: TextStore): Promise<TextStore> => {
  const read = await throughFile(store.packedSections('lengths', 'bytes'), dir, (name) =>
    name === 'bytes' ? 'checked' : undefined,
  );
  const saved = read.inFile('bytes');
  if (!saved) throw new Error('the texts were read into memory');
  const fromFile = TextStore.fromFile(arrayOf(Int32Array, read.section('lengths')), saved);
  read.release();
  return fromFile;
};

describe('TextStore', () => {
  it('gives back every text as set through rewrites that pack the pool, and from its packed form', () => {
    const store = TextStore.create();
    const model = new Map<number, string>();
    rewrite(store, model, 20_000, 0);
    expectTexts(store, model);
    const [lengths, bytes] = copySections(store.packedSections('lengths', 'bytes'));
    const restored = TextStore.fromPacked(arrayOf(Int32Array, lengths.data), bytes.data);
    expectTexts(restored, model);
    restored.set(1, 'after restore');
    expect(restored.get(1)).toBe('after restore');
    expect(restored.get(2)).toBe(model.get(2));
  });

  it('reads texts where a snapshot file holds them, keeps new ones in memory, and saves both alike', async () => {
    const store = TextStore.create();
    const model = new Map<number, string>();
    rewrite(store, model, 6_000, 0);
    const fromFile = await throughSnapshotFile(store);
    expectTexts(fromFile, model);
    // Writes after the load mix texts in the pool with texts in the file, through packs of the pool.
    rewrite(fromFile, model, 20_000, 17);
    expectTexts(fromFile, model);
    const [lengths, bytes] = copySections(fromFile.packedSections('lengths', 'bytes'));
    const again = TextStore.fromPacked(arrayOf(Int32Array, lengths.data), bytes.data);
    expectTexts(again, model);
    fromFile.close();
  });

  it('keeps the file open for a save that reads it, and lets it go once the save is done', async () => {
    const store = TextStore.create();
    const model = new Map<number, string>();
    rewrite(store, model, 2_000, 3);
    const fromFile = await throughSnapshotFile(store);
    const parts = fromFile.packedSections('lengths', 'bytes')[1].parts()[Symbol.iterator]();
    const first = parts.next();
    // Closed while a save reads it: the save still reads to the end.
    fromFile.close();
    const chunks = [first.value as Uint8Array];
    for (let next = parts.next(); !next.done; next = parts.next()) chunks.push(next.value);
    const [lengths] = copySections(store.packedSections('lengths', 'bytes'));
    const again = TextStore.fromPacked(arrayOf(Int32Array, lengths.data), Buffer.concat(chunks));
    expectTexts(again, model);
  });
});
