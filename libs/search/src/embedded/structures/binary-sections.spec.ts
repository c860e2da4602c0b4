import { describe, expect, it } from 'vitest';
import {
  arrayOf,
  arrayOfLength,
  arraySection,
  builtSection,
  copySections,
  poolRuns,
  prefixed,
  readerUnder,
  sectionReader,
  stringsBytes,
  stringsOf,
  stringsSection,
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

  it('read live arrays where they lie, copy them only on request, wrap aligned bytes and copy unaligned ones', () => {
    const values = Float64Array.from([1.5, -2, Number.NaN, 1e300]);
    const source = arraySection('values', values, 3);
    expect(source.bytes).toBe(24);
    const [view] = [...source.parts()];
    expect(view.buffer).toBe(values.buffer);
    const [{ data: bytes }] = copySections([source]);
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
    const [{ data: pair }] = copySections([arraySection('keys', Int32Array.from([1, 2]))]);
    expect(() => arrayOfLength(Int32Array, pair, 3, 'keys')).toThrow('keys: 2 items, expected 3');
  });

  it('build a derived section only when read, and refuse one of another size than announced', () => {
    let built = 0;
    const source = builtSection('order', 8, () => {
      built++;
      return Int32Array.from([3, -1]);
    });
    expect(built).toBe(0);
    expect(Array.from(arrayOf(Int32Array, copySections([source])[0].data))).toEqual([3, -1]);
    expect(built).toBe(1);
    expect(() => copySections([builtSection('order', 4, () => Int32Array.from([3, -1]))])).toThrow(
      'section order: more than 4 bytes',
    );
    expect(() => copySections([builtSection('order', 12, () => Int32Array.from([3, -1]))])).toThrow(
      'section order: 8 bytes, expected 12',
    );
  });

  it('count the bytes of strings before encoding them', () => {
    const strings = [
      '',
      'Zürich',
      '東京',
      '🙂',
      'lone \uD800',
      '\uDC00\uD800 reversed',
      '\uD83D',
      'ascii',
      'ÿĀ߿ࠀ',
    ];
    const source = stringsSection('ids', strings);
    const [{ data }] = copySections([source]);
    expect(data.length).toBe(source.bytes);
    expect(source.bytes).toBe(stringsBytes(strings).length);
    expect(stringsOf(data)).toEqual(stringsOf(stringsBytes(strings)));
  });

  it('give the runs of a pool in order, neighbouring runs as one view', () => {
    const pool = Int32Array.from([10, 11, 12, 99, 20, 21, 30]);
    // Runs: [0, 2), [2, 3) (right after: joined), an empty one, [4, 6), then [6, 7) before [0, 1).
    const runs = [
      [0, 2],
      [2, 1],
      [5, 0],
      [4, 2],
      [6, 1],
      [0, 1],
    ];
    const parts = [
      ...poolRuns(
        pool,
        runs.length,
        (at) => runs[at][0],
        (at) => runs[at][1],
      ),
    ];
    expect(parts.map((part) => part.byteLength)).toEqual([12, 12, 4]);
    expect(parts.every((part) => part.buffer === pool.buffer)).toBe(true);
    const all = Buffer.concat(parts);
    expect(Array.from(arrayOf(Int32Array, all))).toEqual([10, 11, 12, 20, 21, 30, 10]);
  });

  it('name sections under a prefix and read them back, a missing one by name', () => {
    const sections = prefixed('teammate.facets', [{ name: 'ids', data: Buffer.from('x') }]);
    expect(sections.map(({ name }) => name)).toEqual(['teammate.facets.ids']);
    const read = readerUnder('teammate.facets', sectionReader(sections));
    expect(read('ids').toString()).toBe('x');
    expect(() => read('times')).toThrow('missing section teammate.facets.times');
  });
});
