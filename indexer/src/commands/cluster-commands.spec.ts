import { BullMqJobQueue } from '@skillers/queue';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  findRedisServer,
  REDIS_SERVER_MISSING,
  type RedisServer,
  startRedisServer,
} from '../../../libs/queue/src/bullmq/redis-server.testing';
import { closedLoopbackUrl, runCollected } from './collected-output.testing';

const redisBinary = findRedisServer();

describe('admin commands on a cluster directly (ELASTICSEARCH_URL set)', () => {
  let nowhere: string;
  beforeAll(async () => {
    nowhere = await closedLoopbackUrl();
  });

  // Concurrent: the Elasticsearch client spends several seconds on its retries before it gives up.
  it.concurrent.each([['reindex', '--kind', 'teammate'], ['stats']])(
    '`%s` goes to Elasticsearch itself, not to a server, and names the variable when it cannot',
    async (...command) => {
      const dataDir = join(tmpdir(), `skillers-cluster-cli-${randomUUID()}`);
      const result = await runCollected(command, { ELASTICSEARCH_URL: nowhere, DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^error: Cannot connect to Elasticsearch at ELASTICSEARCH_URL: .+\n$/);
      expect(existsSync(dataDir)).toBe(false);
    },
  );

  it('asks the server named by --url instead', async () => {
    const server = await closedLoopbackUrl();
    const result = await runCollected(['stats', '--url', server], { ELASTICSEARCH_URL: nowhere });
    expect(result.stderr).toMatch(new RegExp(`^error: No Skillers server answers at ${server};`));
  });

  it('refuses a malformed ELASTICSEARCH_URL before connecting to anything', async () => {
    const result = await runCollected(['reindex'], { ELASTICSEARCH_URL: 'es:9200' });
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'error: Invalid environment variable ELASTICSEARCH_URL="es:9200": ' +
        'must be a URL starting with http:// or https://\n',
    });
  });

  it('refuses a malformed EMBEDDER_URL before connecting to anything', async () => {
    const result = await runCollected(['reindex'], {
      ELASTICSEARCH_URL: nowhere,
      EMBEDDER_URL: 'embedder:3001',
    });
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'error: Invalid environment variable EMBEDDER_URL="embedder:3001": ' +
        'must be a URL starting with http:// or https://\n',
    });
  });

  it("needs REDIS_URL to retry the cluster's failed jobs", async () => {
    const result = await runCollected(['jobs', 'retry-failed'], { ELASTICSEARCH_URL: nowhere });
    expect(result.stderr).toBe("error: Set REDIS_URL to retry the cluster's failed jobs\n");
  });

  describe.skipIf(!redisBinary)(
    redisBinary ? 'with the cluster queue on Redis' : REDIS_SERVER_MISSING,
    () => {
      let redis: RedisServer;
      beforeAll(async () => {
        redis = await startRedisServer(redisBinary as string);
      });
      afterAll(async () => {
        await redis?.stop();
      });

      it("retries the cluster's failed jobs on Redis, where a worker elsewhere runs them", async () => {
        const worker = new BullMqJobQueue({ redisUrl: redis.url, retry: { attempts: 1, backoffMs: 0 } });
        let searchDown = true;
        let runs = 0;
        worker.register('cluster-check', async () => {
          runs += 1;
          if (searchDown) throw new Error('search unreachable');
        });
        await vi.waitFor(async () => expect(await worker.isReady()).toBe(true));
        await worker.start();
        try {
          await worker.enqueue('cluster-check', {}, { jobId: 'check-1' });
          await vi.waitFor(async () => expect((await worker.stats()).failed).toBe(1));

          searchDown = false;
          const result = await runCollected(['jobs', 'retry-failed'], {
            ELASTICSEARCH_URL: nowhere,
            REDIS_URL: redis.url,
          });
          expect(result).toEqual({ code: 0, stdout: 'Retried 1 failed job.\n', stderr: '' });
          await vi.waitFor(() => expect(runs).toBe(2));
          expect((await worker.stats()).failed).toBe(0);
        } finally {
          await worker.close();
        }
      });
    },
  );
});
