import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

const dockerfile = read('Dockerfile');
const compose = read('docker-compose.yml');
const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;

/** The build files can only be run where Docker is; these checks keep them in step with the code. */
describe('cluster profile files', () => {
  it('copies every workspace manifest before npm ci, which refuses a lock file with missing workspaces', () => {
    for (const workspace of workspaces) {
      expect(dockerfile).toContain(`COPY ${workspace}/package.json ${workspace}/`);
    }
  });

  it('builds every target the compose file asks for', () => {
    const stages = [...dockerfile.matchAll(/^FROM \S+ AS (\S+)$/gm)].map(([, stage]) => stage);
    const targets = [...compose.matchAll(/^\s+target: (\S+)$/gm)].map(([, target]) => target);
    expect(targets.sort()).toEqual(['api', 'embedder', 'indexer', 'web']);
    for (const target of targets) expect(stages).toContain(target);
  });

  it('starts the Node services from their entry points', () => {
    const commands = [...dockerfile.matchAll(/^CMD \["node", "(\S+?)\/(\S+)"\]$/gm)].map(
      ([, workspace, file]) => ({
        workspace,
        file,
      }),
    );
    expect(commands).toEqual([
      { workspace: 'api', file: 'dist/main.js' },
      { workspace: 'indexer', file: 'dist/worker/worker.main.js' },
      { workspace: 'embedder', file: 'dist/main.js' },
    ]);
    expect(existsSync(join(ROOT, 'api/src/main.ts'))).toBe(true);
    expect(existsSync(join(ROOT, 'indexer/src/worker/worker.main.ts'))).toBe(true);
    // The embedder's sources come in a later step; its manifest already names the entry point.
    expect((JSON.parse(read('embedder/package.json')) as { main: string }).main).toBe('dist/main.js');
  });

  it('gives every compose service a health check and waits for health, not mere start', () => {
    const services = compose.slice(compose.indexOf('\nservices:\n'), compose.indexOf('\nvolumes:\n'));
    const names = [...services.matchAll(/^ {2}(\w+):$/gm)].map(([, name]) => name);
    expect(names).toEqual(['mongo', 'elasticsearch', 'kibana', 'redis', 'api', 'indexer', 'embedder', 'web']);
    expect(services.match(/^ {4}healthcheck:$/gm)).toHaveLength(names.length);
    expect(compose).not.toMatch(/condition: service_started/);
  });
});
