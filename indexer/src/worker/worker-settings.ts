import { loadEnvironment, type LogLevel, variable } from '@skillers/domain';
import { embedderServiceVariables } from '@skillers/embedding';
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

export const DEFAULT_HEALTH_PORT = 3002;
export const DEFAULT_CONCURRENCY = 32;
const MAX_CONCURRENCY = 1000;

const { logLevel, port, required, text, url, wholeNumber } = variable;

const NEEDED = 'the index worker needs MONGO_URL, ELASTICSEARCH_URL, REDIS_URL';

/**
 * The index worker runs only in the cluster profile, so its three servers are required rather than
 * defaulted: a worker on an embedded store would index a database no API node writes to. The other
 * variables share the API's names, defaults and rules.
 */
const workerVariables = {
  MONGO_URL: required(url(['mongodb:', 'mongodb+srv:']), NEEDED),
  ELASTICSEARCH_URL: required(url(['http:', 'https:']), NEEDED),
  ELASTICSEARCH_REQUEST_TIMEOUT_MS: wholeNumber({ min: 1 }).default(DEFAULT_REQUEST_TIMEOUT_MS),
  REDIS_URL: required(url(['redis:', 'rediss:']), NEEDED),
  ...embedderServiceVariables,
  HOST: text().default('127.0.0.1'),
  INDEXER_HEALTH_PORT: port().default(DEFAULT_HEALTH_PORT),
  INDEXER_CONCURRENCY: wholeNumber({ min: 1, max: MAX_CONCURRENCY }).default(DEFAULT_CONCURRENCY),
  JOB_ATTEMPTS: wholeNumber({ min: 1 }).default(DEFAULT_RETRY_POLICY.attempts),
  JOB_BACKOFF_MS: wholeNumber({ min: 0 }).default(DEFAULT_RETRY_POLICY.backoffMs),
  JOB_MAX_BACKOFF_MS: wholeNumber({ min: 0 }).default(DEFAULT_RETRY_POLICY.maxBackoffMs),
  LOG_LEVEL: logLevel().default('info'),
};

export const workerSettingsFromEnv = (env: NodeJS.ProcessEnv): WorkerSettings => {
  const vars = loadEnvironment(workerVariables, env);
  return {
    mongoUrl: vars.MONGO_URL,
    elasticsearchUrl: vars.ELASTICSEARCH_URL,
    elasticsearchRequestTimeoutMs: vars.ELASTICSEARCH_REQUEST_TIMEOUT_MS,
    redisUrl: vars.REDIS_URL,
    embedderUrl: vars.EMBEDDER_URL,
    embedderModel: vars.EMBEDDER_MODEL,
    host: vars.HOST,
    healthPort: vars.INDEXER_HEALTH_PORT,
    concurrency: vars.INDEXER_CONCURRENCY,
    jobRetry: {
      attempts: vars.JOB_ATTEMPTS,
      backoffMs: vars.JOB_BACKOFF_MS,
      maxBackoffMs: Math.max(vars.JOB_MAX_BACKOFF_MS, vars.JOB_BACKOFF_MS),
    },
    logLevel: vars.LOG_LEVEL,
  };
};
