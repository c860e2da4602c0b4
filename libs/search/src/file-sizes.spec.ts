import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Past this many lines a file holds more than one job: it is split by job instead. */
const MAX_LINES = 400;

const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });

/** Lines as `wc -l` counts them, a last line without its newline included. */
const lineCount = (text: string): number => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

describe('libs/search/src file sizes', () => {
  it(`keeps every file at ${MAX_LINES} lines or fewer`, () => {
    const tooLong = filesUnder(__dirname)
      .map((file) => ({ file: relative(__dirname, file), lines: lineCount(readFileSync(file, 'utf8')) }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(tooLong).toEqual([]);
  });
});
