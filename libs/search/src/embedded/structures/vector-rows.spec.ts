import * as fs from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { SectionInFile, SharedFile } from '../snapshot/section-in-file';
import { FileRows, MemoryRows, type VectorRows } from './vector-rows';

vi.mock('node:fs', async (original) => {
  const actual = await original<typeof import('node:fs')>();
  return { ...actual, readSync: vi.fn(actual.readSync) };
});

const folder = mkdtempSync(join(tmpdir(), 'skillers-file-rows-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const DIMS = 6;
/** Room for this many rows in memory: the tests go past it. */
const KEPT = 5;

let state = 4242;
const random = () => {
  state = (state * 1664525 + 1013904223) >>> 0;
  return state / 4294967296;
};
const randomRow = () => Array.from({ length: DIMS }, () => Math.fround(random() - 0.5));

const rowOf = (rows: VectorRows, row: number): number[] => {
  const at = rows.at(row);
  return Array.from(rows.array.subarray(at, at + DIMS));
};

const readCalls = () => vi.mocked(fs.readSync).mock.calls.length;

describe('FileRows', () => {
  it('reads the same rows as memory through writes, rewrites and moves, kept in memory or not', () => {
    const file = new FileRows(DIMS, folder, undefined, KEPT * DIMS * 4);
    const memory = new MemoryRows(DIMS);
    let count = 0;
    for (let step = 0; step < 400; step++) {
      const roll = random();
      if (roll < 0.5 || count === 0) {
        const row = roll < 0.3 || count === 0 ? count++ : Math.floor(random() * count);
        const values = randomRow();
        const at = file.write(row, values);
        expect(Array.from(file.array.subarray(at, at + DIMS))).toEqual(values);
        memory.write(row, values);
      } else if (roll < 0.7) {
        // As a block removes a row: its last row takes the removed one's place.
        const to = Math.floor(random() * count);
        file.move(count - 1, to);
        memory.move(count - 1, to);
        count--;
      } else {
        const row = Math.floor(random() * count);
        expect(rowOf(file, row)).toEqual(rowOf(memory, row));
      }
    }
    for (let row = 0; row < count; row++) expect(rowOf(file, row)).toEqual(rowOf(memory, row));
    file.close();
  });

  it('reads rows saved in a snapshot file where they lie, its first ones from memory', () => {
    const values = Array.from({ length: KEPT + 4 }, randomRow);
    const path = join(folder, 'saved-rows');
    // The section sits after other bytes of the file, as in a snapshot.
    const before = Buffer.alloc(13, 7);
    fs.writeFileSync(path, Buffer.concat([before, Buffer.from(new Float32Array(values.flat()).buffer)]));
    const shared = new SharedFile(fs.openSync(path, 'r'));
    const section = new SectionInFile('6.values', shared, before.length, values.length * DIMS * 4, 0);
    const file = new FileRows(DIMS, folder, section, KEPT * DIMS * 4);
    shared.release();
    const reads = readCalls();
    for (let row = 0; row < KEPT; row++) expect(rowOf(file, row)).toEqual(values[row]);
    expect(readCalls()).toBe(reads);
    values.forEach((row, at) => expect(rowOf(file, at)).toEqual(row));
    // A row written since goes to the file of its own; a moved saved row is read where it lies.
    const added = randomRow();
    file.write(values.length, added);
    file.move(values.length - 1, 1);
    expect(rowOf(file, 1)).toEqual(values[values.length - 1]);
    expect(rowOf(file, values.length)).toEqual(added);
    const saved = Buffer.concat([...file.parts(values.length + 1)].map((part) => Buffer.from(part)));
    expect(Array.from(new Float32Array(saved.buffer, saved.byteOffset, DIMS))).toEqual(values[0]);
    file.close();
  });

  it('reads its first rows from memory, and only the others from the file', () => {
    const file = new FileRows(DIMS, folder, undefined, KEPT * DIMS * 4);
    const values = Array.from({ length: KEPT + 3 }, randomRow);
    values.forEach((row, at) => file.write(at, row));
    const before = readCalls();
    for (let row = 0; row < KEPT; row++) expect(rowOf(file, row)).toEqual(values[row]);
    expect(readCalls()).toBe(before);
    for (let row = KEPT; row < KEPT + 3; row++) expect(rowOf(file, row)).toEqual(values[row]);
    expect(readCalls()).toBe(before + 3);
    file.close();
  });
});
