import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keptSecret, writeFileAtomically } from './kept-secret';

describe('kept secret files', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'skillers-kept-secret-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the whole file, private, replacing the old one and leaving no temporary file', () => {
    const file = join(dir, 'secret');
    writeFileSync(file, 'old content that is longer than the new one\n');
    writeFileAtomically(file, 'new\n');
    expect(readFileSync(file, 'utf8')).toBe('new\n');
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(readdirSync(dir)).toEqual(['secret']);
  });

  it('removes its temporary file and throws when the rename fails', () => {
    const target = join(dir, 'taken');
    mkdirSync(target);
    expect(() => writeFileAtomically(target, 'secret\n')).toThrow();
    expect(readdirSync(dir)).toEqual(['taken']);
  });

  it('keeps a long enough secret and replaces a truncated one', () => {
    const file = join(dir, 'secret');
    writeFileSync(file, `${'k'.repeat(40)}\n`);
    expect(keptSecret(file, 32, () => 'g'.repeat(40))).toBe('k'.repeat(40));
    // What a write cut short by a crash used to leave behind: too short to be used, so it is replaced.
    writeFileSync(file, 'kkkk');
    expect(keptSecret(file, 32, () => 'g'.repeat(40))).toBe('g'.repeat(40));
    expect(readFileSync(file, 'utf8')).toBe(`${'g'.repeat(40)}\n`);
  });

  it('creates the data folder when it does not exist yet', () => {
    const file = join(dir, 'nested', 'data', 'secret');
    expect(keptSecret(file, 32, () => 's'.repeat(32))).toBe('s'.repeat(32));
    expect(readFileSync(file, 'utf8').trim()).toBe('s'.repeat(32));
  });
});
