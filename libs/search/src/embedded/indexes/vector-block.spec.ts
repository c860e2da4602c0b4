import { describe, expect, it } from 'vitest';
import { gatherCodes } from './vector-block';

/** Codes 0, 1, 2… wrapping at 127, inside a buffer that starts `offset` bytes in. */
const codesAt = (length: number, offset: number): Int8Array => {
  const codes = new Int8Array(new ArrayBuffer(length + offset), offset, length);
  codes.forEach((_, at) => (codes[at] = at % 127));
  return codes;
};

/** The rows' codes, one after another, read one byte at a time. */
const expected = (codes: Int8Array, rows: number[], dims: number): number[] =>
  rows.flatMap((row) => Array.from(codes.subarray(row * dims, (row + 1) * dims)));

describe('gatherCodes', () => {
  const rows = [7, 0, 3, 9, 3];
  it.each([
    { case: 'aligned rows, four bytes at a time', dims: 8, codesOffset: 0, intoOffset: 0 },
    { case: 'rows whose length is not a multiple of four', dims: 6, codesOffset: 0, intoOffset: 0 },
    { case: 'codes that start off a 4-byte boundary', dims: 8, codesOffset: 1, intoOffset: 0 },
    { case: 'a target that starts off a 4-byte boundary', dims: 8, codesOffset: 0, intoOffset: 2 },
  ])('copies every row in the order asked: $case', ({ dims, codesOffset, intoOffset }) => {
    const codes = codesAt(10 * dims, codesOffset);
    const into = new Int8Array(new ArrayBuffer(rows.length * dims + intoOffset + 4), intoOffset);
    gatherCodes(codes, rows, dims, into);
    expect(Array.from(into.subarray(0, rows.length * dims))).toEqual(expected(codes, rows, dims));
    // Nothing past the gathered rows is written.
    expect(Array.from(into.subarray(rows.length * dims))).toEqual([0, 0, 0, 0]);
  });
});
