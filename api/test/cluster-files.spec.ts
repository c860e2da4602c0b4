import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

const dockerfile = read('Dockerfile');
const compose = read('docker-compose.yml');
const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;

/* The build files can only be run where Docker is; these checks keep them in step with the code. */
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
    expect(names).toEqual([
      'mongo',
      'elasticsearch',
      'kibana',
      'redis',
      'mailpit',
      'api',
      'indexer',
      'embedder',
      'web',
      'prometheus',
      'grafana',
    ]);
    expect(services.match(/^ {4}healthcheck:$/gm)).toHaveLength(names.length);
    expect(compose).not.toMatch(/condition: service_started/);
  });

  /** One service's lines, from its name to the next service (or the volumes). */
  const service = (name: string): string => {
    const start = compose.indexOf(`\n  ${name}:\n`);
    expect(start, name).toBeGreaterThan(-1);
    const rest = compose.slice(start + 1);
    const end = rest.slice(1).search(/\n {2}\w+:\n|\nvolumes:\n/);
    return end === -1 ? rest : rest.slice(0, end + 2);
  };
  /** The lines of a top-level `x-` block with its anchor. */
  const extension = (anchor: string): string => {
    const match = compose.match(new RegExp(`^x-[\\w-]+: &${anchor}\\n((?: {2}.*\\n)+)`, 'm'));
    expect(match, anchor).not.toBeNull();
    return match?.[1] ?? '';
  };

  it('runs the embedder with the others and gives the api and the indexer its address and model', () => {
    const embedder = service('embedder');
    expect(embedder).not.toMatch(/profiles:/);
    const port = embedder.match(/^ {6}PORT: '(\d+)'$/m)?.[1];
    expect(port).toBe('3001');
    expect(extension('embedder')).toContain(`  EMBEDDER_URL: http://embedder:${port}\n`);
    expect(extension('embedder')).toContain('  <<: *embedder-model\n');
    // One variable, one default, for every service that embeds: the index is keyed by the model.
    expect(extension('embedder-model')).toBe(
      '  EMBEDDER_MODEL: ${EMBEDDER_MODEL:-Xenova/all-MiniLM-L6-v2}\n',
    );
    expect(compose.match(/^ +EMBEDDER_MODEL:/gm)).toHaveLength(1);
    expect(compose).not.toMatch(/EMBEDDER_URL: \$\{/);
    for (const name of ['api', 'indexer']) {
      expect(service(name)).toMatch(/^ {6}<<: \[\*cluster-urls, \*embedder\]$/m);
    }
    expect(embedder).toMatch(/^ {6}<<: \*embedder-model$/m);
  });

  it('lets the embedder rank /sort over the same Elasticsearch as the others, once it is healthy', () => {
    const embedder = service('embedder');
    const elasticsearchUrl = extension('cluster-urls').match(/^ {2}ELASTICSEARCH_URL: (\S+)$/m)?.[1];
    expect(elasticsearchUrl).toBe('http://elasticsearch:9200');
    expect(embedder).toContain(`      ELASTICSEARCH_URL: ${elasticsearchUrl}\n`);
    expect(embedder).toMatch(/^ {4}depends_on:\n {6}elasticsearch:\n {8}condition: service_healthy$/m);
  });

  it('has nginx overwrite X-Forwarded-For, which the api believes from it', () => {
    const nginx = read('deploy/nginx.conf');
    const forwarded = [...nginx.matchAll(/proxy_set_header X-Forwarded-For (\S+);/g)].map(
      ([, value]) => value,
    );
    expect(forwarded.length).toBeGreaterThan(0);
    expect(new Set(forwarded)).toEqual(new Set(['$remote_addr']));
    expect(compose).toMatch(/TRUST_PROXY: loopback, uniquelocal/);
  });

  it('has nginx send the searches and the clicks of one client to one api node, which alone knows the pages it served', () => {
    const nginx = read('deploy/nginx.conf');
    const sticky = [...nginx.matchAll(/location ~ (\S+) \{\s+proxy_pass http:\/\/api_sticky;/g)].map(
      ([, pattern]) => new RegExp(pattern),
    );
    for (const path of [
      '/api/project/traditional_filtering_all',
      '/api/teammate/traditional_filtering',
      '/api/sort',
      '/api/search/click',
    ]) {
      expect(
        sticky.some((pattern) => pattern.test(path)),
        path,
      ).toBe(true);
    }
    expect(sticky.some((pattern) => pattern.test('/api/project'))).toBe(false);
    expect(nginx).toMatch(/upstream api_sticky \{[^}]*hash \$remote_addr consistent;/);
  });

  it('starts the cluster without demo accounts unless SEED=true is asked for', () => {
    expect([...compose.matchAll(/^\s+SEED: (.+)$/gm)].map(([, value]) => value)).toEqual(['${SEED:-false}']);
  });

  it('gives every api node the same admin token and JWT secret, and refuses to start without them', () => {
    const api = service('api');
    for (const name of ['ADMIN_TOKEN', 'JWT_SECRET']) {
      expect(api).toMatch(new RegExp(`^ {6}${name}: \\$\\{${name}:\\?set ${name} to .+\\}$`, 'm'));
    }
    // The indexer's image holds the admin CLI, which sends the same token to an api node.
    expect(service('indexer')).toMatch(/^ {6}ADMIN_TOKEN: \$\{ADMIN_TOKEN:\?.+\}$/m);
  });
});
