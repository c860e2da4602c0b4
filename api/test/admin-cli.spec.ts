import {
  type AdminReportList,
  type AdminStats,
  type PropositionList,
  TRUST_MESSAGES,
} from '@skillers/domain';
import { execFile } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The command line against a running server: this test spans both apps, running the CLI in this process.
// eslint-disable-next-line no-restricted-imports
import { closedLoopbackUrl, runCollected } from '../../indexer/src/commands/collected-output.testing';
import { withTableHidden } from './hidden-table';
import { seededDataDir } from './seeded-data-dir';
import { startTestApp, type TestApp } from './test-app';

const ADMIN_TOKEN = 'cli-admin-token-for-tests-'.padEnd(48, '0');
const BUILT_CLI = join(__dirname, '../../indexer/dist/cli.js');
const UNREACHABLE = 'start it with npm start, or set ELASTICSEARCH_URL to reindex a cluster directly';

describe('admin command line against a running server', () => {
  let dataDir: string;
  let api: TestApp;
  let env: NodeJS.ProcessEnv;

  const apiStats = async () =>
    (await api.request<AdminStats>('GET', '/api/admin/stats', { token: ADMIN_TOKEN })).body;

  beforeAll(async () => {
    dataDir = await seededDataDir({ projects: 40, teammates: 25 });
    api = await startTestApp({ DATA_DIR: dataDir, ADMIN_TOKEN });
    env = { ADMIN_TOKEN, PORT: new URL(api.baseUrl).port };
  }, 60_000);
  afterAll(async () => {
    await api.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the stats as tables, asking the server at PORT by default', async () => {
    const result = await runCollected(['stats'], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(`^Skillers at ${api.baseUrl}: search index orama, version \\d+; store sqlite\n`),
    );
    expect(result.stdout).toMatch(/│ projects\s+│ 40\s+│ 40\s+│/);
    expect(result.stdout).toMatch(/│ skiller profiles\s+│ 25\s+│ 25\s+│/);
    expect(result.stdout).toMatch(/│ users\s+│\s+│ 25\s+│/);
    expect(result.stdout).toContain('Queue in-process: 0 waiting, 0 active, 0 failed');
  });

  it('prints the server’s figures as JSON with --json, at the address given with --url', async () => {
    const result = await runCollected(['stats', '--json', '--url', api.baseUrl], { ADMIN_TOKEN });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(await apiStats());
  });

  it('reindexes through the server and prints one summary line', async () => {
    const result = await runCollected(['reindex'], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const [summary, ...rest] = result.stdout.trimEnd().split('\n');
    expect(rest).toEqual([]);
    const match =
      /^Reindexed 40 projects and 25 skiller profiles in \d+\.\d s; the new index is live as version (\d+)\.$/.exec(
        summary,
      );
    expect(match).not.toBeNull();
    expect((await apiStats()).index.version).toBe(Number(match?.[1]));
  });

  it('draws a bar for the kind it rebuilds on a terminal, and names the kind carried over', async () => {
    const result = await runCollected(['reindex', '--kind', 'project'], env, { tty: true });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/projects\s+█+ 40\/40/);
    expect(result.stdout).not.toContain('25/25');
    expect(result.stdout).toMatch(
      /Reindexed 40 projects \(25 skiller profiles carried over from the store\) in \d+\.\d s; the new index is live as version \d+\.\n$/,
    );
  });

  it('exits with 1 and the server’s reason when the reindex fails', async () => {
    const result = await withTableHidden(dataDir, 'projects', () => runCollected(['reindex'], env));
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: 'error: The reindex failed: no such table: projects\n',
    });
  });

  it('refuses a kind the index does not hold', async () => {
    const result = await runCollected(['reindex', '--kind', 'user'], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("argument 'user' is invalid. Allowed choices are project, teammate.");
  });

  it.each([['reindex'], ['stats'], ['proposals', 'list'], ['reports'], ['jobs', 'retry-failed']])(
    '`%s` exits with 1 and one line when no server answers at the address',
    async (...command) => {
      const url = await closedLoopbackUrl();
      const result = await runCollected([...command, '--url', url], env);
      expect(result).toEqual({
        code: 1,
        stdout: '',
        stderr: `error: No Skillers server answers at ${url}; ${UNREACHABLE}\n`,
      });
    },
  );

  it('exits with 1 and says which token the server refused', async () => {
    const result = await runCollected(['stats'], { ...env, ADMIN_TOKEN: 'x'.repeat(40) });
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: 'error: The admin token is not valid. The token sent was ADMIN_TOKEN.\n',
    });
  });

  it('lists proposals as a table and dismisses them', async () => {
    const proposer = await api.signUp();
    const created = await api.request<{ proposition: { _id: string } }>('POST', '/api/proposition', {
      token: proposer.token,
      body: { filterType: 'toolsExperience', proposition: 'Zig' },
    });
    const id = created.body.proposition._id;

    const listed = await runCollected(['proposals', 'list', '--type', 'toolsExperience'], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`${id}.*toolsExperience.*Zig.*${proposer.username}`));
    expect(listed.stdout).toContain('Page 1 of 1 (1 proposal, newest first)');
    expect((await runCollected(['proposals', 'list', '--type', 'projectType'], env)).stdout).toBe(
      'No proposals.\n',
    );

    expect(await runCollected(['proposals', 'dismiss', id], env)).toEqual({
      code: 0,
      stdout: `Dismissed proposal ${id}.\n`,
      stderr: '',
    });
    const json = await runCollected(['proposals', 'list', '--json'], env);
    expect((JSON.parse(json.stdout) as PropositionList).total).toBe(0);
    expect(await runCollected(['proposals', 'dismiss', id], env)).toMatchObject({
      code: 1,
      stderr: 'error: Proposal not found\n',
    });
  });

  it('lists reports as a table and as JSON, hides the reported item and dismisses a report', async () => {
    const [author, reporter] = [await api.signUp(), await api.signUp()];
    const post = await api.request<{ post: { _id: string } }>('POST', '/api/post', {
      token: author.token,
      body: { data: 'Cheap followers here' },
    });
    const filed = await api.request<{ reportId: string }>('POST', '/api/reports', {
      token: reporter.token,
      body: { targetKind: 'post', targetId: post.body.post._id, reason: 'spam', text: 'Selling followers' },
    });
    const id = filed.body.reportId;

    const listed = await runCollected(['reports', '--status', 'open'], env);
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(
      new RegExp(`${id}.*post ${post.body.post._id}.*spam.*Selling followers.*open.*${reporter.username}`),
    );
    expect(listed.stdout).toContain('Page 1 of 1 (1 report, newest first)');
    const json = await runCollected(['reports', '--json'], env);
    expect((JSON.parse(json.stdout) as AdminReportList).reports.map((report) => report._id)).toEqual([id]);

    expect(await runCollected(['reports', 'hide', id], env)).toEqual({
      code: 0,
      stdout: `${TRUST_MESSAGES.itemHidden} (post ${post.body.post._id})\n`,
      stderr: '',
    });
    const feed = await api.request<{ posts: { _id: string }[] }>('GET', '/api/post?page=1');
    expect(feed.body.posts.map((item) => item._id)).not.toContain(post.body.post._id);
    expect((await runCollected(['reports', '--status', 'open'], env)).stdout).toBe('No reports.\n');
    expect(await runCollected(['reports', 'dismiss', id], env)).toEqual({
      code: 0,
      stdout: `${TRUST_MESSAGES.reportDismissed}\n`,
      stderr: '',
    });
    expect(await runCollected(['reports', 'hide', 'aaaaaaaaaaaaaaaaaaaaaaaa'], env)).toMatchObject({
      code: 1,
      stderr: `error: ${TRUST_MESSAGES.reportNotFound}\n`,
    });
  });

  it('retries failed jobs through the server', async () => {
    expect(await runCollected(['jobs', 'retry-failed'], env)).toEqual({
      code: 0,
      stdout: 'Retried 0 failed jobs.\n',
      stderr: '',
    });
  });

  it('finds the token the server keeps in DATA_DIR when ADMIN_TOKEN is unset', async () => {
    const other = await startTestApp();
    try {
      const result = await runCollected(['stats', '--json'], {
        DATA_DIR: other.dataDir,
        PORT: new URL(other.baseUrl).port,
      });
      expect(result.code).toBe(0);
      expect((JSON.parse(result.stdout) as AdminStats).store.projects).toBe(0);
      const elsewhere = await runCollected(['stats'], {
        DATA_DIR: dataDir,
        PORT: new URL(other.baseUrl).port,
      });
      expect(elsewhere.code).toBe(1);
      expect(elsewhere.stderr).toBe(
        `error: Send the admin token as Authorization: Bearer <token>. No token in ADMIN_TOKEN or ` +
          `${join(dataDir, 'admin-token')}: set ADMIN_TOKEN, or DATA_DIR to the server's.\n`,
      );
    } finally {
      await other.close();
    }
  });

  describe.skipIf(!existsSync(BUILT_CLI))('built with npm run build:server', () => {
    const runBuilt = promisify(execFile);
    const childEnv = () => ({ PATH: process.env.PATH, ADMIN_TOKEN });

    it('runs as its own process: stats as JSON, exit status 0', async () => {
      const { stdout } = await runBuilt(
        process.execPath,
        [BUILT_CLI, 'stats', '--json', '--url', api.baseUrl],
        {
          env: childEnv(),
        },
      );
      expect((JSON.parse(stdout) as AdminStats).store).toMatchObject({ projects: 40, teammates: 25 });
    });

    it('exits with status 1 and one line when no server answers', async () => {
      const url = await closedLoopbackUrl();
      const failure = await runBuilt(process.execPath, [BUILT_CLI, 'reindex', '--url', url], {
        env: childEnv(),
      }).catch((error: { code: number; stdout: string; stderr: string }) => error);
      expect(failure).toMatchObject({
        code: 1,
        stdout: '',
        stderr: `error: No Skillers server answers at ${url}; ${UNREACHABLE}\n`,
      });
    });
  });
});
