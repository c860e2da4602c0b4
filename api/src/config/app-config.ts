import { resolve } from 'node:path';
import {
  ConfigError,
  FIRST_CONTACTS_PER_DAY_DEFAULT,
  loadEnvironment,
  type LogLevel,
  variable,
  variableRule,
} from '@skillers/domain';
import { embedderServiceVariables, modelFolder } from '@skillers/embedding';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '@skillers/queue';
import { DEFAULT_REQUEST_TIMEOUT_MS } from '@skillers/search';

const { flag, logLevel, mailbox, port, text, url, wholeNumber } = variable;

const moreThanZero = (max: number) =>
  variableRule(`must be greater than 0 and at most ${max}`, (value) => {
    const number = value === '' ? NaN : Number(value);
    return number > 0 && number <= max ? number : undefined;
  });

const secret = () =>
  variableRule('must be at least 32 characters', (value) => (value.length >= 32 ? value : undefined));

/** How old the oldest change waiting for the index may be while `/api/ready` still says yes. */
export const DEFAULT_READY_INDEX_LAG_SECONDS = 30;

/** The From line of outgoing mail when `MAIL_FROM` is unset. */
export const DEFAULT_MAIL_FROM = 'Skillers <no-reply@localhost>';

const appVariables = {
  PORT: port().default(3000),
  HOST: text().default('127.0.0.1'),
  DATA_DIR: text().default('./data'),
  SEED: flag().optional(),
  JWT_SECRET: secret().optional(),
  ADMIN_TOKEN: secret().optional(),
  JWT_EXPIRES_IN: variableRule('must be a duration such as 15m, 12h or 7d', (value) =>
    /^\d+[smhd]$/.test(value) ? value : undefined,
  ).default('7d'),
  MONGO_URL: url(['mongodb:', 'mongodb+srv:']).optional(),
  ELASTICSEARCH_URL: url(['http:', 'https:']).optional(),
  ELASTICSEARCH_REQUEST_TIMEOUT_MS: wholeNumber({ min: 1 }).default(DEFAULT_REQUEST_TIMEOUT_MS),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  JOB_ATTEMPTS: wholeNumber({ min: 1 }).default(DEFAULT_RETRY_POLICY.attempts),
  JOB_BACKOFF_MS: wholeNumber({ min: 0 }).default(DEFAULT_RETRY_POLICY.backoffMs),
  JOB_MAX_BACKOFF_MS: wholeNumber({ min: 0 }).default(DEFAULT_RETRY_POLICY.maxBackoffMs),
  ...embedderServiceVariables,
  EMBEDDER_MODEL_PATH: modelFolder().optional(),
  TRUST_PROXY: variableRule(
    'must be an Express trust proxy value such as loopback, uniquelocal or 10.0.0.0/8',
    (value) => (/^[\w.:/, -]+$/.test(value) ? value : undefined),
  ).default('loopback'),
  RATE_LIMIT_SCALE: moreThanZero(10_000).default(1),
  FIRST_CONTACTS_PER_DAY: wholeNumber({ min: 1, max: 10_000 }).default(FIRST_CONTACTS_PER_DAY_DEFAULT),
  LOG_LEVEL: logLevel().default('info'),
  METRICS_PORT: port().optional(),
  READY_INDEX_LAG_SECONDS: wholeNumber({ min: 1 }).default(DEFAULT_READY_INDEX_LAG_SECONDS),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: mailbox().default(DEFAULT_MAIL_FROM),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  CORS_ORIGINS: variableRule(
    'must be a comma-separated list of origins such as https://example.com',
    (list) => {
      const origins = list
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean);
      return origins.every((origin) => URL.canParse(origin)) ? origins : undefined;
    },
  ).optional(),
};

export type AppConfig = Readonly<{
  port: number;
  host: string;
  dataDir: string;
  seed: boolean;
  jwtSecret?: string;
  jwtExpiresIn: string;
  /** Bearer token of the admin API; generated into the data directory when unset. */
  adminToken?: string;
  mongoUrl?: string;
  elasticsearchUrl?: string;
  /** How long an Elasticsearch request may go unanswered before it fails. */
  elasticsearchRequestTimeoutMs: number;
  redisUrl?: string;
  /** How index jobs enqueued here are retried (`JOB_ATTEMPTS`, `JOB_BACKOFF_MS`, `JOB_MAX_BACKOFF_MS`). */
  jobRetry: Required<RetryPolicy>;
  embedderUrl?: string;
  embedderModel: string;
  embedderModelPath?: string;
  logLevel: LogLevel;
  /** Where `/metrics` is also served without the admin token, for a scraper on a private network. */
  metricsPort?: number;
  /** `/api/ready` says no while the oldest index change waiting in the outbox is older than this. */
  readyIndexLagSeconds: number;
  /** Which proxies' X-Forwarded-For is believed, so per-address limits see the real client. */
  trustProxy: string;
  /** Multiplies every per-minute request limit; above 1 only for load and browser tests. */
  rateLimitScale: number;
  corsOrigins: readonly string[];
  /** New conversations one user may start in 24 hours; replies are never limited. */
  firstContactsPerDay: number;
  /** Where mail is sent; unset, each mail is written as an `.eml` file under `DATA_DIR/mail/`. */
  smtpUrl?: string;
  mailFrom: string;
  /** The web app's address as users reach it, for links in mail (never taken from a request's Host). */
  publicUrl: string;
}>;

/** Builds the one typed configuration from the environment; empty variables count as unset. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): AppConfig => {
  const vars = loadEnvironment(appVariables, env);
  // With Elasticsearch the api only enqueues index jobs: the indexer takes them from Redis. Without Redis
  // they would stay in this process's memory, where no worker runs, and nothing would ever be indexed.
  if (vars.ELASTICSEARCH_URL && !vars.REDIS_URL) {
    throw new ConfigError(
      'ELASTICSEARCH_URL needs REDIS_URL: the indexer takes index jobs from Redis, so without it nothing would be indexed',
    );
  }
  return Object.freeze({
    port: vars.PORT,
    host: vars.HOST,
    dataDir: resolve(vars.DATA_DIR),
    // Demo data (with its published password) only where no cluster store or index is configured, unless asked.
    seed: vars.SEED ?? (vars.MONGO_URL === undefined && vars.ELASTICSEARCH_URL === undefined),
    jwtSecret: vars.JWT_SECRET,
    jwtExpiresIn: vars.JWT_EXPIRES_IN,
    adminToken: vars.ADMIN_TOKEN,
    mongoUrl: vars.MONGO_URL,
    elasticsearchUrl: vars.ELASTICSEARCH_URL,
    elasticsearchRequestTimeoutMs: vars.ELASTICSEARCH_REQUEST_TIMEOUT_MS,
    redisUrl: vars.REDIS_URL,
    jobRetry: {
      attempts: vars.JOB_ATTEMPTS,
      backoffMs: vars.JOB_BACKOFF_MS,
      maxBackoffMs: Math.max(vars.JOB_MAX_BACKOFF_MS, vars.JOB_BACKOFF_MS),
    },
    embedderUrl: vars.EMBEDDER_URL,
    embedderModel: vars.EMBEDDER_MODEL,
    embedderModelPath: vars.EMBEDDER_MODEL_PATH,
    logLevel: vars.LOG_LEVEL,
    metricsPort: vars.METRICS_PORT,
    readyIndexLagSeconds: vars.READY_INDEX_LAG_SECONDS,
    rateLimitScale: vars.RATE_LIMIT_SCALE,
    trustProxy: vars.TRUST_PROXY,
    corsOrigins: vars.CORS_ORIGINS ?? [],
    firstContactsPerDay: vars.FIRST_CONTACTS_PER_DAY,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    publicUrl: (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, ''),
  });
};
