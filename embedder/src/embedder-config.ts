import { loadEnvironment, type LogLevel, variable } from '@skillers/domain';
import { DEFAULT_EMBEDDER_MODEL, modelFolder } from '@skillers/embedding';
import { resolve } from 'node:path';

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

const { logLevel, port, text, url } = variable;

const embedderVariables = {
  PORT: port().default(3001),
  HOST: text().default('127.0.0.1'),
  DATA_DIR: text().default('./data'),
  EMBEDDER_MODEL: text().default(DEFAULT_EMBEDDER_MODEL),
  EMBEDDER_MODEL_PATH: modelFolder().optional(),
  ELASTICSEARCH_URL: url(['http:', 'https:']).optional(),
  LOG_LEVEL: logLevel().default('info'),
};

/** Builds the service's configuration from the environment; empty variables count as unset. */
export const loadEmbedderConfig = (env: NodeJS.ProcessEnv = process.env): EmbedderConfig => {
  const vars = loadEnvironment(embedderVariables, env);
  return Object.freeze({
    port: vars.PORT,
    host: vars.HOST,
    dataDir: resolve(vars.DATA_DIR),
    embedderModel: vars.EMBEDDER_MODEL,
    embedderModelPath: vars.EMBEDDER_MODEL_PATH,
    elasticsearchUrl: vars.ELASTICSEARCH_URL,
    logLevel: vars.LOG_LEVEL,
  });
};
