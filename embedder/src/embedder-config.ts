import { invalidVariable } from '@skillers/domain';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The service's settings; the names and defaults match the API's so one environment serves both. */
export type EmbedderConfig = Readonly<{
  port: number;
  host: string;
  dataDir: string;
  embedderModel: string;
  embedderModelPath?: string;
  /** The search index `/sort` ranks records in; unset, `/sort` answers 501. */
  elasticsearchUrl?: string;
  logLevel: LogLevel;
}>;

const invalid = (name: string, value: string, reason: string): never => {
  throw invalidVariable(name, value, reason);
};

const parsePort = (value: string): number => {
  // Number('') and Number(' ') are 0, and parseInt accepts "80abc": only plain digits are a port.
  if (!/^\d+$/.test(value)) return invalid('PORT', value, 'must be a port number');
  const port = Number(value);
  return port <= 65535 ? port : invalid('PORT', value, 'must be between 0 and 65535');
};

const parseHttpUrl = (name: string, value: string): string =>
  URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol)
    ? value
    : invalid(name, value, 'must be a URL starting with http:// or https://');

/** Builds the service's configuration from the environment; empty variables count as unset. */
export const loadEmbedderConfig = (env: NodeJS.ProcessEnv = process.env): EmbedderConfig => {
  const read = (name: string): string | undefined => env[name]?.trim() || undefined;
  const port = read('PORT');
  const modelPath = read('EMBEDDER_MODEL_PATH');
  if (modelPath !== undefined && !(existsSync(modelPath) && statSync(modelPath).isDirectory())) {
    invalid('EMBEDDER_MODEL_PATH', modelPath, 'must be an existing folder');
  }
  const elasticsearchUrl = read('ELASTICSEARCH_URL');
  const logLevel = read('LOG_LEVEL') ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    invalid('LOG_LEVEL', logLevel, `must be one of ${LOG_LEVELS.join(', ')}`);
  }
  return Object.freeze({
    port: port === undefined ? 3001 : parsePort(port),
    host: read('HOST') ?? '127.0.0.1',
    dataDir: resolve(read('DATA_DIR') ?? './data'),
    embedderModel: read('EMBEDDER_MODEL') ?? 'Xenova/all-MiniLM-L6-v2',
    embedderModelPath: modelPath === undefined ? undefined : resolve(modelPath),
    elasticsearchUrl:
      elasticsearchUrl === undefined ? undefined : parseHttpUrl('ELASTICSEARCH_URL', elasticsearchUrl),
    logLevel: logLevel as LogLevel,
  });
};
