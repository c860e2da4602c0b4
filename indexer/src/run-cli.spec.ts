import { verify } from '@node-rs/argon2';
import { DEMO_PASSWORD } from '@skillers/demo-data';
import type { UserRecord } from '@skillers/domain';
import { COLLECTIONS, openRecordStore, SQLITE_FILE_NAME } from '@skillers/store';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

/** A real stream that keeps what was written, as a file would. */
class CollectedOutput extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

describe('admin command line', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'skillers-cli-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const run = async (args: string[], env: NodeJS.ProcessEnv = { DATA_DIR: dataDir }) => {
    const stdout = new CollectedOutput();
    const stderr = new CollectedOutput();
    const code = await runCli(args, { env, stdout, stderr });
    return { code, stdout: stdout.text, stderr: stderr.text };
  };

  const storedCounts = async () => {
    const store = await openRecordStore({ dataDir });
    try {
      return {
        users: await store.collection(COLLECTIONS.users).count({}),
        teammates: await store.collection(COLLECTIONS.teammates).count({}),
        projects: await store.collection(COLLECTIONS.projects).count({}),
        anyUser: await store.collection<UserRecord>(COLLECTIONS.users).findOne({}),
      };
    } finally {
      await store.close();
    }
  };

  it('seeds the store under DATA_DIR and ends with one summary line', async () => {
    const result = await run(['seed', '--projects', '30', '--teammates', '20', '--seed', '3']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stdout).toContain(
      `Seeded 20 users, 20 skiller profiles and 30 projects into ${join(dataDir, SQLITE_FILE_NAME)}`,
    );
    expect(result.stdout).toContain('--seed 3');
    const stored = await storedCounts();
    expect(stored).toMatchObject({ users: 20, teammates: 20, projects: 30 });
    expect(await verify(stored.anyUser?.passwordHash ?? '', DEMO_PASSWORD)).toBe(true);
  });

  it('adds enough users for the projects when --users is not given', async () => {
    expect((await run(['seed', '--projects', '9'])).code).toBe(0);
    expect(await storedCounts()).toMatchObject({ users: 5, teammates: 0, projects: 9 });
  });

  it.each([
    [['seed', '--projects', 'abc'], "option '--projects <count>' argument 'abc' is invalid"],
    [['seed', '--teammates', '-3'], "option '--teammates <count>' argument '-3' is invalid"],
    [['seed', '--users', '2.5'], "option '--users <count>' argument '2.5' is invalid"],
    [['seed', '--seed', 'lucky'], "option '--seed <number>' argument 'lucky' is invalid"],
    [['seed', '--teammates', '5', '--users', '2'], 'Every skiller profile needs its own user'],
    [['frobnicate'], "unknown command 'frobnicate'"],
  ])('exits with 1 and one line for %j', async (args, message) => {
    const result = await run(args);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trimEnd().split('\n')).toEqual([expect.stringContaining(message)]);
    expect(existsSync(join(dataDir, SQLITE_FILE_NAME))).toBe(false);
  });

  it('exits with 1 and names the variable when MONGO_URL is not a MongoDB URL', async () => {
    const result = await run(['seed', '--projects', '1'], {
      DATA_DIR: dataDir,
      MONGO_URL: 'http://db:27017',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'error: Invalid environment variable MONGO_URL="http://db:27017": ' +
        'must be a URL starting with mongodb:// or mongodb+srv://\n',
    );
  });
});
