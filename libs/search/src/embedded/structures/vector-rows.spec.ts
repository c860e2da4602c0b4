import * as fs from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
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
    const file = new FileRows(DIMS, folder, KEPT * DIMS * 4);
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

  it('keeps rows received as raw bytes, in chunks ending inside a row, as the file holds them', () => {
    const values = Array.from({ length: 12 }, randomRow);
    const bytes = Buffer.from(new Float32Array(values.flat()).buffer);
    const file = new FileRows(DIMS, folder, KEPT * DIMS * 4);
    for (let start = 0; start < bytes.length; start += 17) file.appendRaw(bytes.subarray(start, start + 17));
    expect(file.receivedRows).toBe(12);
    values.forEach((row, at) => expect(rowOf(file, at)).toEqual(row));
    file.close();
  });

  it('reads its first rows from memory, and only the others from the file', () => {
    const file = new FileRows(DIMS, folder, KEPT * DIMS * 4);
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
