import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '@skillers/domain';
import { loadConfig } from '../config/app-config';
import { resolveAdminToken } from './admin-token';

describe('admin token', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'skillers-admin-token-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is read from ADMIN_TOKEN, which must be at least 32 characters', () => {
    expect(loadConfig({ ADMIN_TOKEN: 'k'.repeat(32) }).adminToken).toBe('k'.repeat(32));
    expect(loadConfig({}).adminToken).toBeUndefined();
    expect(() => loadConfig({ ADMIN_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ ADMIN_TOKEN: 'short' })).toThrow(
      'Invalid environment variable ADMIN_TOKEN="short": must be at least 32 characters',
    );
  });

  it('prefers the configured token and then writes no file', () => {
    expect(resolveAdminToken('t'.repeat(40), dataDir)).toBe('t'.repeat(40));
    expect(() => statSync(join(dataDir, 'admin-token'))).toThrow();
  });

  it('is generated once, kept private in the data directory, and reused', () => {
    const first = resolveAdminToken(undefined, dataDir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, 'admin-token');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(resolveAdminToken(undefined, dataDir)).toBe(first);
  });

  it('replaces a kept token too short to be safe', () => {
    writeFileSync(join(dataDir, 'admin-token'), 'abc\n');
    const token = resolveAdminToken(undefined, dataDir);
    expect(token).not.toBe('abc');
    expect(token.length).toBeGreaterThanOrEqual(32);
  });
});
