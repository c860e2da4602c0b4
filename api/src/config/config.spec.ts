import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '@skillers/domain';
import { loadConfig } from './app-config';
import { JWT_SECRET_FILE, resolveJwtSecret } from './jwt-secret';

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: resolve('./data'),
      seed: true,
      jwtExpiresIn: '7d',
      embedderModel: 'Xenova/all-MiniLM-L6-v2',
      logLevel: 'info',
      corsOrigins: [],
      rateLimitScale: 1,
      trustProxy: 'loopback',
      firstContactsPerDay: 20,
      elasticsearchRequestTimeoutMs: 30_000,
      jobRetry: { attempts: 12, backoffMs: 1000, maxBackoffMs: 60_000 },
      mailFrom: 'Skillers <no-reply@localhost>',
      publicUrl: 'http://localhost:3000',
    });
    expect(config.mongoUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
  });

  it('seeds demo data by default only in the embedded profile', () => {
    expect(loadConfig({}).seed).toBe(true);
    expect(loadConfig({ MONGO_URL: 'mongodb://mongo:27017/skillers' }).seed).toBe(false);
    expect(loadConfig({ ELASTICSEARCH_URL: 'http://es:9200', REDIS_URL: 'redis://redis:6379' }).seed).toBe(
      false,
    );
    expect(loadConfig({ MONGO_URL: 'mongodb://mongo:27017/skillers', SEED: 'true' }).seed).toBe(true);
    expect(loadConfig({ SEED: 'false' }).seed).toBe(false);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/x',
      SEED: 'false',
      JWT_SECRET: 'a'.repeat(40),
      MONGO_URL: 'mongodb://mongo:27017/skillers',
      ELASTICSEARCH_URL: 'http://es:9200',
      REDIS_URL: 'redis://redis:6379',
      EMBEDDER_URL: 'http://embedder:3001',
      EMBEDDER_MODEL: 'Xenova/other',
      EMBEDDER_MODEL_PATH: tmpdir(),
      CORS_ORIGINS: 'https://a.example, https://b.example',
      SMTP_URL: 'smtp://mail:1025',
      MAIL_FROM: 'Team <team@skillers.example>',
      PUBLIC_URL: 'https://skillers.example/',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/tmp/x',
      seed: false,
      mongoUrl: 'mongodb://mongo:27017/skillers',
      elasticsearchUrl: 'http://es:9200',
      redisUrl: 'redis://redis:6379',
      embedderUrl: 'http://embedder:3001',
      embedderModel: 'Xenova/other',
      embedderModelPath: resolve(tmpdir()),
      corsOrigins: ['https://a.example', 'https://b.example'],
      smtpUrl: 'smtp://mail:1025',
      mailFrom: 'Team <team@skillers.example>',
      publicUrl: 'https://skillers.example',
    });
  });

  it('refuses a mail server that is not an SMTP URL and a From line that is not a mail address', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail:1025' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: 'http://mail:1025' })).toThrow(/SMTP_URL.*smtp:\/\/ or smtps:\/\//);
    for (const bad of ['Skillers', 'no at sign <x>', 'a@b\r\nBcc: c@d'])
      expect(() => loadConfig({ MAIL_FROM: bad })).toThrow(/MAIL_FROM.*must be a mail address/);
    expect(loadConfig({ MAIL_FROM: 'ops@skillers.example' }).mailFrom).toBe('ops@skillers.example');
  });

  it('refuses Elasticsearch without Redis in one line, since no index job would ever run', () => {
    const load = () => loadConfig({ ELASTICSEARCH_URL: 'http://es:9200', REDIS_URL: ' ' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/^ELASTICSEARCH_URL needs REDIS_URL: [^\n]+$/);
    expect(loadConfig({ ELASTICSEARCH_URL: 'http://es:9200', REDIS_URL: 'redis://r:6379' })).toMatchObject({
      elasticsearchUrl: 'http://es:9200',
    });
  });

  it('refuses a bad number in the words every service uses for it', () => {
    expect(() => loadConfig({ ELASTICSEARCH_REQUEST_TIMEOUT_MS: 'soon' })).toThrow(
      'Invalid environment variable ELASTICSEARCH_REQUEST_TIMEOUT_MS="soon": must be a whole number of at least 1',
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', MONGO_URL: ' ' })).toMatchObject({ port: 3000, mongoUrl: undefined });
  });

  it.each([
    ['PORT', 'abc', /PORT="abc": must be a port number/],
    ['PORT', '70000', /PORT="70000": must be a port number between 0 and 65535/],
    ['SEED', 'maybe', /SEED="maybe": must be true or false/],
    ['JWT_SECRET', 'short', /JWT_SECRET="short": must be at least 32 characters/],
    ['MONGO_URL', 'http://mongo', /MONGO_URL="http:\/\/mongo": must be a URL starting with mongodb:\/\//],
    ['REDIS_URL', 'not a url', /REDIS_URL=.*must be a URL/],
    ['EMBEDDER_MODEL_PATH', '/no/such/folder', /EMBEDDER_MODEL_PATH=.*must be an existing folder/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL="loud": must be one of/],
    ['RATE_LIMIT_SCALE', '0', /RATE_LIMIT_SCALE="0": must be greater than 0/],
    ['FIRST_CONTACTS_PER_DAY', '0', /FIRST_CONTACTS_PER_DAY="0": must be a whole number from 1 to 10000/],
    ['FIRST_CONTACTS_PER_DAY', '2.5', /FIRST_CONTACTS_PER_DAY="2.5": must be a whole number/],
    ['FIRST_CONTACTS_PER_DAY', 'many', /FIRST_CONTACTS_PER_DAY="many": must be a whole number from 1/],
    ['TRUST_PROXY', 'all;of them', /TRUST_PROXY="all;of them": must be an Express trust proxy value/],
  ])('stops with a one-line message naming %s when it is %s', (name, value, message) => {
    const load = () => loadConfig({ [name]: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(message);
    try {
      load();
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });
});

describe('resolveJwtSecret', () => {
  const dir = mkdtempSync(join(tmpdir(), 'skillers-secret-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prefers the configured secret', () => {
    expect(resolveJwtSecret('x'.repeat(32), dir)).toBe('x'.repeat(32));
  });

  it('generates a secret once, keeps it private in the data directory, and reuses it', () => {
    const first = resolveJwtSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, JWT_SECRET_FILE), 'utf8').trim()).toBe(first);
    expect(statSync(join(dir, JWT_SECRET_FILE)).mode & 0o077).toBe(0);
    expect(resolveJwtSecret(undefined, dir)).toBe(first);
  });
});
