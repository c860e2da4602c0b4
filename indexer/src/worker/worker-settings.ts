import { embedderSettingsFromEnv } from '../config/cluster-settings';
import { ConfigError, invalidVariable } from '@skillers/domain';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '@skillers/queue';
import { DEFAULT_REQUEST_TIMEOUT_MS } from '@skillers/search';

export interface WorkerSettings {
  mongoUrl: string;
  elasticsearchUrl: string;
  /** How long an Elasticsearch request may go unanswered before it fails (and its job is retried). */
  elasticsearchRequestTimeoutMs: number;
  redisUrl: string;
  /** The embedder service; unset, records are indexed without vectors. */
  embedderUrl?: string;
  /** The model the embedder service must run; the search index is keyed by it. */
  embedderModel: string;
  /** Interface the health endpoint listens on (`0.0.0.0` in containers). */
  host: string;
  healthPort: number;
  /** Index jobs run at the same time; their documents are written together in bulk. */
  concurrency: number;
  /** How index jobs are retried (`JOB_ATTEMPTS`, `JOB_BACKOFF_MS`, `JOB_MAX_BACKOFF_MS`), as the api nodes do. */
  jobRetry: Required<RetryPolicy>;
  logLevel: LogLevel;
}

/** pino's levels, as the API and the embedder service take them. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const logLevel = (env: NodeJS.ProcessEnv): LogLevel => {
  const value = env.LOG_LEVEL?.trim();
  if (!value) return 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(value)) {
    throw invalidVariable('LOG_LEVEL', value, `must be one of ${LOG_LEVELS.join(', ')}`);
  }
  return value as LogLevel;
};

export const DEFAULT_HEALTH_PORT = 3002;
export const DEFAULT_CONCURRENCY = 32;
const MAX_CONCURRENCY = 1000;

const REQUIRED_URLS = {
  MONGO_URL: ['mongodb:', 'mongodb+srv:'],
  ELASTICSEARCH_URL: ['http:', 'https:'],
  REDIS_URL: ['redis:', 'rediss:'],
} as const;

type RequiredUrl = keyof typeof REQUIRED_URLS;

const requiredUrl = (env: NodeJS.ProcessEnv, name: RequiredUrl): string => {
  const value = env[name]?.trim();
  if (!value) {
    throw new ConfigError(
      `Missing environment variable ${name}: the index worker needs ${Object.keys(REQUIRED_URLS).join(', ')}`,
    );
  }
  const protocols: readonly string[] = REQUIRED_URLS[name];
  if (!URL.canParse(value) || !protocols.includes(new URL(value).protocol)) {
    throw invalidVariable(
      name,
      value,
      `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    );
  }
  return value;
};

const port = (env: NodeJS.ProcessEnv, name: string, fallback: number): number => {
  const value = env[name]?.trim();
  if (!value) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > 65535) {
    throw invalidVariable(name, value, 'must be a port number between 0 and 65535');
  }
  return number;
};

const requestTimeout = (env: NodeJS.ProcessEnv): number => {
  const value = env.ELASTICSEARCH_REQUEST_TIMEOUT_MS?.trim();
  if (!value) return DEFAULT_REQUEST_TIMEOUT_MS;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) {
    throw invalidVariable(
      'ELASTICSEARCH_REQUEST_TIMEOUT_MS',
      value,
      'must be a whole number of milliseconds',
    );
  }
  return number;
};

const wholeNumber = (env: NodeJS.ProcessEnv, name: string, min: number, fallback: number): number => {
  const value = env[name]?.trim();
  if (!value) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min) {
    throw invalidVariable(name, value, `must be a whole number of at least ${min}`);
  }
  return number;
};

const jobRetry = (env: NodeJS.ProcessEnv): Required<RetryPolicy> => {
  const backoffMs = wholeNumber(env, 'JOB_BACKOFF_MS', 0, DEFAULT_RETRY_POLICY.backoffMs);
  return {
    attempts: wholeNumber(env, 'JOB_ATTEMPTS', 1, DEFAULT_RETRY_POLICY.attempts),
    backoffMs,
    maxBackoffMs: Math.max(
      backoffMs,
      wholeNumber(env, 'JOB_MAX_BACKOFF_MS', 0, DEFAULT_RETRY_POLICY.maxBackoffMs),
    ),
  };
};

const concurrency = (env: NodeJS.ProcessEnv): number => {
  const value = env.INDEXER_CONCURRENCY?.trim();
  if (!value) return DEFAULT_CONCURRENCY;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > MAX_CONCURRENCY) {
    throw invalidVariable(
      'INDEXER_CONCURRENCY',
      value,
      `must be a whole number from 1 to ${MAX_CONCURRENCY}`,
    );
  }
  return number;
};

/**
 * The index worker runs only in the cluster profile, so its three servers are required rather than
 * defaulted: a worker on an embedded store would index a database no API node writes to. Messages and
 * empty-means-unset follow the API's configuration.
 */
export const workerSettingsFromEnv = (env: NodeJS.ProcessEnv): WorkerSettings => ({
  mongoUrl: requiredUrl(env, 'MONGO_URL'),
  elasticsearchUrl: requiredUrl(env, 'ELASTICSEARCH_URL'),
  elasticsearchRequestTimeoutMs: requestTimeout(env),
  redisUrl: requiredUrl(env, 'REDIS_URL'),
  ...embedderSettingsFromEnv(env),
  host: env.HOST?.trim() || '127.0.0.1',
  healthPort: port(env, 'INDEXER_HEALTH_PORT', DEFAULT_HEALTH_PORT),
  concurrency: concurrency(env),
  jobRetry: jobRetry(env),
  logLevel: logLevel(env),
});
