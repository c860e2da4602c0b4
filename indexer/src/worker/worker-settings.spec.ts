import { describe, expect, it } from 'vitest';
import { ConfigError } from '@skillers/domain';
import { DEFAULT_RETRY_POLICY } from '@skillers/queue';
import { DEFAULT_REQUEST_TIMEOUT_MS } from '@skillers/search';
import { DEFAULT_CONCURRENCY, DEFAULT_HEALTH_PORT, workerSettingsFromEnv } from './worker-settings';

const cluster = {
  MONGO_URL: 'mongodb://mongo:27017/skillers',
  ELASTICSEARCH_URL: 'http://elasticsearch:9200',
  REDIS_URL: 'redis://redis:6379',
};

describe('index worker settings', () => {
  it('reads the three server URLs and defaults the health endpoint to loopback port 3002', () => {
    expect(workerSettingsFromEnv(cluster)).toEqual({
      mongoUrl: cluster.MONGO_URL,
      elasticsearchUrl: cluster.ELASTICSEARCH_URL,
      elasticsearchRequestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS,
      redisUrl: cluster.REDIS_URL,
      embedderUrl: undefined,
      embedderModel: 'Xenova/all-MiniLM-L6-v2',
      host: '127.0.0.1',
      healthPort: DEFAULT_HEALTH_PORT,
      concurrency: DEFAULT_CONCURRENCY,
      jobRetry: DEFAULT_RETRY_POLICY,
      logLevel: 'info',
    });
    expect(
      workerSettingsFromEnv({
        ...cluster,
        JOB_ATTEMPTS: '3',
        JOB_BACKOFF_MS: '50',
        JOB_MAX_BACKOFF_MS: '200',
      }).jobRetry,
    ).toEqual({ attempts: 3, backoffMs: 50, maxBackoffMs: 200 });
    expect(() => workerSettingsFromEnv({ ...cluster, JOB_ATTEMPTS: '0' })).toThrow(
      'JOB_ATTEMPTS="0": must be a whole number of at least 1',
    );
    expect(DEFAULT_HEALTH_PORT).toBe(3002);
    expect(DEFAULT_CONCURRENCY).toBe(32);
    expect(
      workerSettingsFromEnv({ ...cluster, ELASTICSEARCH_REQUEST_TIMEOUT_MS: '5000' })
        .elasticsearchRequestTimeoutMs,
    ).toBe(5000);
    expect(() => workerSettingsFromEnv({ ...cluster, ELASTICSEARCH_REQUEST_TIMEOUT_MS: 'soon' })).toThrow(
      'ELASTICSEARCH_REQUEST_TIMEOUT_MS="soon": must be a whole number of at least 1',
    );
    expect(workerSettingsFromEnv({ ...cluster, HOST: '0.0.0.0', INDEXER_HEALTH_PORT: '4002' })).toMatchObject(
      {
        host: '0.0.0.0',
        healthPort: 4002,
      },
    );
  });

  it.each(['MONGO_URL', 'ELASTICSEARCH_URL', 'REDIS_URL'])(
    'refuses to start without %s, in one line',
    (name) => {
      const env = { ...cluster, [name]: '  ' };
      expect(() => workerSettingsFromEnv(env)).toThrow(ConfigError);
      expect(() => workerSettingsFromEnv(env)).toThrow(
        `Missing environment variable ${name}: the index worker needs MONGO_URL, ELASTICSEARCH_URL, REDIS_URL`,
      );
    },
  );

  it('names the variable and the expected form of a bad value', () => {
    expect(() => workerSettingsFromEnv({ ...cluster, REDIS_URL: 'http://redis:6379' })).toThrow(
      'Invalid environment variable REDIS_URL="http://redis:6379": must be a URL starting with redis:// or rediss://',
    );
    expect(() => workerSettingsFromEnv({ ...cluster, MONGO_URL: 'not a url' })).toThrow(
      'Invalid environment variable MONGO_URL="not a url": must be a URL starting with mongodb:// or mongodb+srv://',
    );
    expect(() => workerSettingsFromEnv({ ...cluster, INDEXER_HEALTH_PORT: '70000' })).toThrow(
      'Invalid environment variable INDEXER_HEALTH_PORT="70000": must be a port number between 0 and 65535',
    );
    expect(() => workerSettingsFromEnv({ ...cluster, INDEXER_CONCURRENCY: '0' })).toThrow(
      'Invalid environment variable INDEXER_CONCURRENCY="0": must be a whole number from 1 to 1000',
    );
    expect(workerSettingsFromEnv({ ...cluster, INDEXER_CONCURRENCY: ' 8 ' })).toMatchObject({
      concurrency: 8,
    });
    expect(() => workerSettingsFromEnv({ ...cluster, EMBEDDER_URL: 'embedder:3001' })).toThrow(
      'Invalid environment variable EMBEDDER_URL="embedder:3001": must be a URL starting with http:// or https://',
    );
  });

  it('takes whole numbers only as plain digits, as every service does', () => {
    expect(() => workerSettingsFromEnv({ ...cluster, INDEXER_CONCURRENCY: '0x10' })).toThrow(
      'Invalid environment variable INDEXER_CONCURRENCY="0x10": must be a whole number from 1 to 1000',
    );
  });

  it('reads the embedder service and its model, as the API does; without it records get no vectors', () => {
    expect(
      workerSettingsFromEnv({
        ...cluster,
        EMBEDDER_URL: 'http://embedder:3001',
        EMBEDDER_MODEL: ' skillers/static-wordpiece-100d ',
      }),
    ).toMatchObject({ embedderUrl: 'http://embedder:3001', embedderModel: 'skillers/static-wordpiece-100d' });
    expect(workerSettingsFromEnv({ ...cluster, EMBEDDER_URL: ' ', EMBEDDER_MODEL: '' })).toMatchObject({
      embedderUrl: undefined,
      embedderModel: 'Xenova/all-MiniLM-L6-v2',
    });
  });
});
