import {
  type AdminReportList,
  type AdminStats,
  type PropositionList,
  TRUST_MESSAGES,
} from '@skillers/domain';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedLoopbackUrl, runBuiltCli } from './built-cli';
import { withTableHidden } from './hidden-table';
import { seededDataDir } from './seeded-data-dir';
import { startTestApp, type TestApp } from './test-app';

const ADMIN_TOKEN = 'cli-admin-token-for-tests-'.padEnd(48, '0');
const UNREACHABLE = 'start it with npm start, or set ELASTICSEARCH_URL to reindex a cluster directly';

// The built command line, run as its own process as an operator runs it, against a running server.
describe('admin command line against a running server', { timeout: 60_000 }, () => {
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
    const result = await runBuiltCli(['stats'], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(`^Skillers at ${api.baseUrl}: search index orama, version \\d+; store sqlite\n`),
    );
    expect(result.stdout).toMatch(/│ projects\s+│ 40\s+│ 40\s+│/);
    expect(result.stdout).toMatch(/│ skiller profiles\s+│ 25\s+│ 25\s+│/);
    expect(result.stdout).toMatch(/│ users\s+│\s+│ 25\s+│/);
    expect(result.stdout).toContain('Queue in-process: 0 waiting (0 retrying), 0 active, 0 failed');
  });

  it('prints the server’s figures as JSON with --json, at the address given with --url', async () => {
    const result = await runBuiltCli(['stats', '--json', '--url', api.baseUrl], { ADMIN_TOKEN });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(await apiStats());
  });

  it('reindexes through the server and prints one summary line', async () => {
    const result = await runBuiltCli(['reindex'], env);
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

  it('rebuilds only the kind asked for and, off a terminal, prints no bars: only the summary', async () => {
    const result = await runBuiltCli(['reindex', '--kind', 'project'], env);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(
      /^Reindexed 40 projects \(25 skiller profiles carried over from the store\) in \d+\.\d s; the new index is live as version \d+\.\n$/,
    );
  });

  it('exits with 1 and the server’s reason when the reindex fails', async () => {
    const result = await withTableHidden(dataDir, 'projects', () => runBuiltCli(['reindex'], env));
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: 'error: The reindex failed: no such table: projects\n',
    });
  });

  it('refuses a kind the index does not hold', async () => {
    const result = await runBuiltCli(['reindex', '--kind', 'user'], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("argument 'user' is invalid. Allowed choices are project, teammate.");
  });

  it.each([['reindex'], ['stats'], ['proposals', 'list'], ['reports'], ['jobs', 'retry-failed']])(
    '`%s` exits with 1 and one line when no server answers at the address',
    async (...command) => {
      const url = await closedLoopbackUrl();
      const result = await runBuiltCli([...command, '--url', url], env);
      expect(result).toEqual({
        code: 1,
        stdout: '',
        stderr: `error: No Skillers server answers at ${url}; ${UNREACHABLE}\n`,
      });
    },
  );

  it('exits with 1 and says which token the server refused', async () => {
    const result = await runBuiltCli(['stats'], { ...env, ADMIN_TOKEN: 'x'.repeat(40) });
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

    const listed = await runBuiltCli(['proposals', 'list', '--type', 'toolsExperience'], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`${id}.*toolsExperience.*Zig.*${proposer.username}`));
    expect(listed.stdout).toContain('Page 1 of 1 (1 proposal, newest first)');
    expect((await runBuiltCli(['proposals', 'list', '--type', 'projectType'], env)).stdout).toBe(
      'No proposals.\n',
    );

    expect(await runBuiltCli(['proposals', 'dismiss', id], env)).toEqual({
      code: 0,
      stdout: `Dismissed proposal ${id}.\n`,
      stderr: '',
    });
    const json = await runBuiltCli(['proposals', 'list', '--json'], env);
    expect((JSON.parse(json.stdout) as PropositionList).total).toBe(0);
    expect(await runBuiltCli(['proposals', 'dismiss', id], env)).toMatchObject({
      code: 1,
      stderr: 'error: Proposal not found\n',
    });
  });

  it('lists reports as a table and as JSON, hides the reported item, restores it and dismisses a report', async () => {
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

    const listed = await runBuiltCli(['reports', '--status', 'open'], env);
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(
      new RegExp(
        `${id}.*post ${post.body.post._id}.*Cheap followers here.*spam.*Selling followers.*open.*${reporter.username}`,
      ),
    );
    expect(listed.stdout).toContain('Page 1 of 1 (1 report, newest first)');
    const json = await runBuiltCli(['reports', '--json'], env);
    expect((JSON.parse(json.stdout) as AdminReportList).reports.map((report) => report._id)).toEqual([id]);

    expect(await runBuiltCli(['reports', 'hide', id], env)).toEqual({
      code: 0,
      stdout: `${TRUST_MESSAGES.itemHidden} (post ${post.body.post._id})\n`,
      stderr: '',
    });
    const feed = await api.request<{ posts: { _id: string }[] }>('GET', '/api/post?page=1');
    expect(feed.body.posts.map((item) => item._id)).not.toContain(post.body.post._id);
    expect((await runBuiltCli(['reports', '--status', 'open'], env)).stdout).toBe('No reports.\n');
    expect(await runBuiltCli(['reports', 'restore', id], env)).toEqual({
      code: 0,
      stdout: `${TRUST_MESSAGES.itemRestored} (post ${post.body.post._id})\n`,
      stderr: '',
    });
    const restored = await api.request<{ posts: { _id: string }[] }>('GET', '/api/post?page=1');
    expect(restored.body.posts.map((item) => item._id)).toContain(post.body.post._id);
    expect(await runBuiltCli(['reports', 'restore', id], env)).toMatchObject({
      code: 1,
      stderr: `error: ${TRUST_MESSAGES.itemNotHidden}\n`,
    });
    expect(await runBuiltCli(['reports', 'dismiss', id], env)).toEqual({
      code: 0,
      stdout: `${TRUST_MESSAGES.reportDismissed}\n`,
      stderr: '',
    });
    expect(await runBuiltCli(['reports', 'hide', 'aaaaaaaaaaaaaaaaaaaaaaaa'], env)).toMatchObject({
      code: 1,
      stderr: `error: ${TRUST_MESSAGES.reportNotFound}\n`,
    });
  });

  it('retries failed jobs through the server', async () => {
    expect(await runBuiltCli(['jobs', 'retry-failed'], env)).toEqual({
      code: 0,
      stdout: 'Retried 0 failed jobs.\n',
      stderr: '',
    });
  });

  it('finds the token the server keeps in DATA_DIR when ADMIN_TOKEN is unset', async () => {
    const other = await startTestApp();
    try {
      const result = await runBuiltCli(['stats', '--json'], {
        DATA_DIR: other.dataDir,
        PORT: new URL(other.baseUrl).port,
      });
      expect(result.code).toBe(0);
      expect((JSON.parse(result.stdout) as AdminStats).store.projects).toBe(0);
      const elsewhere = await runBuiltCli(['stats'], {
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
});
