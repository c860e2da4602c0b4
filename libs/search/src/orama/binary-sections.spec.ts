import { describe, expect, it } from 'vitest';
import {
  arrayBytes,
  arrayOf,
  arrayOfLength,
  freshBytes,
  prefixed,
  readerUnder,
  sectionReader,
  stringsBytes,
  stringsOf,
} from './binary-sections';

describe('binary sections', () => {
  it('give back strings of any script, empty ones and tokens with separators', () => {
    const strings = ['', 'Zürich', '東京', 'tag\u0000industry\u0000Banking', '🙂 emoji', 'a'.repeat(5000)];
    expect(stringsOf(stringsBytes(strings))).toEqual(strings);
    expect(stringsOf(stringsBytes([]))).toEqual([]);
    // ASCII only takes the joined path; a character past Latin-1 must not be cut to one byte.
    const ascii = ['65f0c0ffee', '', 'tool\u0000Go\u00003'];
    expect(stringsOf(stringsBytes(ascii))).toEqual(ascii);
    expect(stringsBytes(ascii).length).toBe(4 * 4 + 10 + 9);
    expect(stringsOf(stringsBytes(['Ā', 'x']))).toEqual(['Ā', 'x']);
  });

  it('turn down strings whose offsets or length do not add up', () => {
    const bytes = stringsBytes(['one', 'two']);
    expect(() => stringsOf(bytes.subarray(0, bytes.length - 1))).toThrow(/out of order/);
    expect(() => stringsOf(Buffer.concat([bytes, Buffer.from('x')]))).toThrow(/after the last/);
    expect(() => stringsOf(bytes.subarray(0, 6))).toThrow(/cut short/);
  });

  it('copy arrays, wrap aligned bytes and copy unaligned ones', () => {
    const values = Float64Array.from([1.5, -2, Number.NaN, 1e300]);
    const bytes = arrayBytes(values, 3);
    values[0] = 9;
    expect(Array.from(arrayOf(Float64Array, bytes))).toEqual([1.5, -2, Number.NaN]);
    const wrapped = arrayOf(Float64Array, bytes);
    wrapped[1] = 4;
    expect(arrayOf(Float64Array, bytes)[1]).toBe(4);

    const shifted = Buffer.alloc(bytes.length + 1);
    bytes.copy(shifted, 1);
    const unaligned = shifted.subarray(1);
    expect(Array.from(arrayOf(Float64Array, unaligned))).toEqual([1.5, 4, Number.NaN]);
    expect(() => arrayOf(Float64Array, unaligned.subarray(1))).toThrow(/whole items/);
    expect(() => arrayOfLength(Int32Array, arrayBytes(Int32Array.from([1, 2])), 3, 'keys')).toThrow(
      'keys: 2 items, expected 3',
    );
    // An array made for the save alone is given as its own bytes.
    const made = Int32Array.from([7, -1]).subarray(1);
    const own = freshBytes(made);
    expect(own.buffer).toBe(made.buffer);
    expect(Array.from(arrayOf(Int32Array, own))).toEqual([-1]);
  });

  it('name sections under a prefix and read them back, a missing one by name', () => {
    const sections = prefixed('teammate.facets', [{ name: 'ids', data: Buffer.from('x') }]);
    expect(sections.map(({ name }) => name)).toEqual(['teammate.facets.ids']);
    const read = readerUnder('teammate.facets', sectionReader(sections));
    expect(read('ids').toString()).toBe('x');
    expect(() => read('times')).toThrow('missing section teammate.facets.times');
  });
});
