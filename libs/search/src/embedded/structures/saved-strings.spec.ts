import { describe, expect, it } from 'vitest';
import { stringsBytes } from './binary-sections';
import { SavedStrings } from './saved-strings';

describe('saved strings', () => {
  it('read each string where it lies, then the whole list once asked for', () => {
    const strings = ['65f0c0ffee', '', 'Zürich', '東京', '🙂 emoji', 'a'.repeat(300)];
    const saved = new SavedStrings(stringsBytes(strings));
    expect(saved.count).toBe(strings.length);
    expect(strings.map((_, at) => saved.at(at))).toEqual(strings);
    const list = saved.list;
    expect(list).toEqual(strings);
    // The list is the caller's to change, and reads follow it from then on.
    list.push('new');
    list[1] = 'written';
    expect(saved.count).toBe(strings.length + 1);
    expect(saved.at(1)).toBe('written');
    expect(saved.at(strings.length)).toBe('new');
  });

  it('read ASCII and non-ASCII strings from unaligned bytes', () => {
    for (const strings of [
      ['a1', 'b22', 'c333'],
      ['Ā', 'x', ''],
    ]) {
      const bytes = stringsBytes(strings);
      const unaligned = Buffer.alloc(bytes.length + 1).subarray(1);
      bytes.copy(unaligned);
      const saved = new SavedStrings(unaligned);
      expect(strings.map((_, at) => saved.at(at))).toEqual(strings);
    }
  });

  it('compare strings as JavaScript does, on saved bytes and after decoding', () => {
    const ascii = ['b', 'a', 'ab', '', 'abc', 'B', 'a'];
    const mixed = ['Zürich', 'Zurich', '東京', '🙂', '\uFFFF', 'z'];
    for (const strings of [ascii, mixed]) {
      const saved = new SavedStrings(stringsBytes(strings));
      const expected = (a: number, b: number) =>
        strings[a] < strings[b] ? -1 : strings[a] > strings[b] ? 1 : 0;
      const check = () => {
        for (let a = 0; a < strings.length; a++)
          for (let b = 0; b < strings.length; b++) expect(saved.compareAt(a, b)).toBe(expected(a, b));
      };
      check();
      expect(saved.list).toEqual(strings);
      check();
    }
  });

  it('start empty without bytes', () => {
    const saved = new SavedStrings();
    expect(saved.count).toBe(0);
    expect(saved.list).toEqual([]);
  });

  it('turn down offsets that do not add up when loaded, not when read', () => {
    const bytes = stringsBytes(['one', 'two']);
    expect(() => new SavedStrings(bytes.subarray(0, bytes.length - 1))).toThrow(/out of order/);
    expect(() => new SavedStrings(Buffer.concat([bytes, Buffer.from('x')]))).toThrow(/after the last/);
    expect(() => new SavedStrings(bytes.subarray(0, 6))).toThrow(/cut short/);
    expect(() => new SavedStrings(Buffer.alloc(2))).toThrow(/no string count/);
  });
});
