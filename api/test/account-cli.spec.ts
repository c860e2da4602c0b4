import { ACCOUNT_MESSAGES, type AccountExport } from '@skillers/domain';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuiltCli } from './built-cli';
import { createProfile } from './listing-fixtures';
import { startTestApp, type TestApp } from './test-app';

const ADMIN_TOKEN = 'cli-admin-token-for-tests-'.padEnd(48, '0');

// The built command line, run as an operator runs it, against a running server.
describe('users export and delete on the command line', { timeout: 60_000 }, () => {
  let api: TestApp;
  let env: NodeJS.ProcessEnv;
  let outDir: string;

  beforeAll(async () => {
    api = await startTestApp({ ADMIN_TOKEN });
    env = { ADMIN_TOKEN, PORT: new URL(api.baseUrl).port };
    outDir = mkdtempSync(join(tmpdir(), 'skillers-cli-export-'));
  });
  afterAll(async () => {
    await api.close();
    rmSync(outDir, { recursive: true, force: true });
  });

  it('exports an account as JSON to stdout or a file, then deletes it', async () => {
    const [user, friend] = [await api.signUp(), await api.signUp()];
    const profile = await createProfile(api, user);
    await api.request('POST', '/api/chat/sendMessage', {
      token: user.token,
      body: { id: friend.id, message: 'Written before leaving' },
    });

    const printed = await runBuiltCli(['users', 'export', user.email], env);
    expect(printed.stderr).toBe('');
    expect(printed.code).toBe(0);
    const data = JSON.parse(printed.stdout) as AccountExport;
    expect(data.account.email).toBe(user.email);
    expect(data.profile?._id).toBe(profile._id);
    expect(data.messages.map(({ message }) => message)).toEqual(['Written before leaving']);

    const file = join(outDir, 'export.json');
    const written = await runBuiltCli(['users', 'export', user.email, '--out', file], env);
    expect(written.code).toBe(0);
    expect(written.stdout).toBe(`Wrote the data of ${user.email} to ${file}\n`);
    expect((JSON.parse(readFileSync(file, 'utf8')) as AccountExport).account._id).toBe(user.id);

    const deleted = await runBuiltCli(['users', 'delete', user.email], env);
    expect(deleted.stderr).toBe('');
    expect(deleted.code).toBe(0);
    expect(deleted.stdout).toBe(`${ACCOUNT_MESSAGES.deleted} (${user.email}, ${user.id})\n`);
    expect((await api.request('GET', '/api/user/settings', { token: user.token })).status).toBe(401);
    expect((await api.request('GET', `/api/teammate/${profile._id}`)).status).toBe(404);
  });

  it('exits with 1 and the server’s reason for an unknown or malformed email', async () => {
    const unknown = await runBuiltCli(['users', 'delete', 'nobody@example.com'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe(`error: ${ACCOUNT_MESSAGES.accountNotFound}\n`);
    const malformed = await runBuiltCli(['users', 'export', 'not-an-email'], env);
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toMatch(/^error: .*Please enter a valid email/);
  });
});
