import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, FIRST_CONTACTS_PER_DAY_DEFAULT, invalidVariable } from '@skillers/domain';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '@skillers/queue';
import { DEFAULT_REQUEST_TIMEOUT_MS } from '@skillers/search';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const urlWithProtocol = (protocols: readonly string[]) =>
  z.url({ error: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` }).refine(
    // zod runs refinements even when the URL check failed, so this one must not throw on bad input.
    (value) => URL.canParse(value) && protocols.includes(new URL(value).protocol),
    `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
  );

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => ['true', '1', 'yes'].includes(value));

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  SEED: booleanFlag.optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_EXPIRES_IN: z
    .string()
    .regex(/^\d+[smhd]$/, 'must be a duration such as 15m, 12h or 7d')
    .default('7d'),
  MONGO_URL: urlWithProtocol(['mongodb:', 'mongodb+srv:']).optional(),
  ELASTICSEARCH_URL: urlWithProtocol(['http:', 'https:']).optional(),
  ELASTICSEARCH_REQUEST_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(DEFAULT_REQUEST_TIMEOUT_MS),
  REDIS_URL: urlWithProtocol(['redis:', 'rediss:']).optional(),
  JOB_ATTEMPTS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(DEFAULT_RETRY_POLICY.attempts),
  JOB_BACKOFF_MS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .default(DEFAULT_RETRY_POLICY.backoffMs),
  JOB_MAX_BACKOFF_MS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .default(DEFAULT_RETRY_POLICY.maxBackoffMs),
  EMBEDDER_URL: urlWithProtocol(['http:', 'https:']).optional(),
  EMBEDDER_MODEL: z.string().min(1).default('Xenova/all-MiniLM-L6-v2'),
  EMBEDDER_MODEL_PATH: z
    .string()
    .min(1)
    .refine((path) => existsSync(path) && statSync(path).isDirectory(), 'must be an existing folder')
    .optional(),
  TRUST_PROXY: z
    .string()
    .regex(
      /^[\w.:/, -]+$/,
      'must be an Express trust proxy value such as loopback, uniquelocal or 10.0.0.0/8',
    )
    .default('loopback'),
  RATE_LIMIT_SCALE: z.coerce
    .number({ error: 'must be a number' })
    .positive('must be greater than 0')
    .max(10_000, 'must be at most 10000')
    .default(1),
  FIRST_CONTACTS_PER_DAY: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(10_000, 'must be at most 10000')
    .default(FIRST_CONTACTS_PER_DAY_DEFAULT),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  CORS_ORIGINS: z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ error: 'must be a comma-separated list of origins such as https://example.com' })))
    .optional(),
});

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
  logLevel: (typeof LOG_LEVELS)[number];
  /** Which proxies' X-Forwarded-For is believed, so per-address limits see the real client. */
  trustProxy: string;
  /** Multiplies every per-minute request limit; above 1 only for load and browser tests. */
  rateLimitScale: number;
  corsOrigins: readonly string[];
  /** New conversations one user may start in 24 hours; replies are never limited. */
  firstContactsPerDay: number;
}>;

/** Builds the one typed configuration from the environment; empty variables count as unset. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): AppConfig => {
  const present = Object.fromEntries(
    Object.keys(envSchema.shape)
      .map((key) => [key, env[key]?.trim()])
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const name = String(issue.path[0]);
    throw invalidVariable(name, present[name], issue.message);
  }
  const vars = parsed.data;
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
    embedderModelPath: vars.EMBEDDER_MODEL_PATH ? resolve(vars.EMBEDDER_MODEL_PATH) : undefined,
    logLevel: vars.LOG_LEVEL,
    rateLimitScale: vars.RATE_LIMIT_SCALE,
    trustProxy: vars.TRUST_PROXY,
    corsOrigins: vars.CORS_ORIGINS ?? [],
    firstContactsPerDay: vars.FIRST_CONTACTS_PER_DAY,
  });
};
