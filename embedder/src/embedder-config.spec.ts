import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '@skillers/domain';
import { loadEmbedderConfig } from './embedder-config';

describe('loadEmbedderConfig', () => {
  it('defaults to port 3001 on loopback, ./data and the production model; blank values count as unset', () => {
    expect(loadEmbedderConfig({ PORT: ' ', LOG_LEVEL: '' })).toEqual({
      port: 3001,
      host: '127.0.0.1',
      dataDir: resolve('./data'),
      embedderModel: 'Xenova/all-MiniLM-L6-v2',
      embedderModelPath: undefined,
      elasticsearchUrl: undefined,
      logLevel: 'info',
    });
  });

  it('reads every variable', () => {
    const folder = mkdtempSync(join(tmpdir(), 'embedder-config-'));
    expect(
      loadEmbedderConfig({
        PORT: '8080',
        HOST: '0.0.0.0',
        DATA_DIR: '/var/lib/skillers',
        EMBEDDER_MODEL: 'skillers/static-wordpiece-100d',
        EMBEDDER_MODEL_PATH: folder,
        ELASTICSEARCH_URL: 'http://elasticsearch:9200',
        LOG_LEVEL: 'debug',
      }),
    ).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/skillers',
      embedderModel: 'skillers/static-wordpiece-100d',
      embedderModelPath: folder,
      elasticsearchUrl: 'http://elasticsearch:9200',
      logLevel: 'debug',
    });
  });

  it.each([
    [{ PORT: 'http' }, 'PORT="http": must be a port number'],
    [{ PORT: '80abc' }, 'PORT="80abc": must be a port number'],
    [{ PORT: '-1' }, 'PORT="-1": must be a port number'],
    [{ PORT: '70000' }, 'PORT="70000": must be a port number between 0 and 65535'],
    [
      { LOG_LEVEL: 'verbose' },
      'LOG_LEVEL="verbose": must be one of fatal, error, warn, info, debug, trace, silent',
    ],
    [
      { ELASTICSEARCH_URL: 'elasticsearch:9200' },
      'ELASTICSEARCH_URL="elasticsearch:9200": must be a URL starting with http:// or https://',
    ],
    [
      { ELASTICSEARCH_URL: 'not a url' },
      'ELASTICSEARCH_URL="not a url": must be a URL starting with http://',
    ],
    [
      { EMBEDDER_MODEL_PATH: '/no/such/models' },
      'EMBEDDER_MODEL_PATH="/no/such/models": must be an existing folder',
    ],
  ])('refuses %j with a one-line message naming the variable', (env, message) => {
    expect(() => loadEmbedderConfig(env)).toThrow(ConfigError);
    expect(() => loadEmbedderConfig(env)).toThrow(`Invalid environment variable ${message}`);
  });

  it('refuses a port out of range in the words every service uses for it', () => {
    expect(() => loadEmbedderConfig({ PORT: '65536' })).toThrow(
      new ConfigError('Invalid environment variable PORT="65536": must be a port number between 0 and 65535'),
    );
  });

  it('refuses a model path that is a file, not a folder', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'embedder-config-')), 'model.onnx');
    writeFileSync(file, '');
    expect(() => loadEmbedderConfig({ EMBEDDER_MODEL_PATH: file })).toThrow('must be an existing folder');
  });
});
