import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '@skillers/domain';
import { storeSettingsFromEnv } from './store-settings';

describe('storeSettingsFromEnv', () => {
  it('uses ./data and SQLite when nothing is set, as the API does', () => {
    expect(storeSettingsFromEnv({})).toEqual({ dataDir: resolve('./data'), mongoUrl: undefined });
    expect(storeSettingsFromEnv({ DATA_DIR: '  ', MONGO_URL: '' })).toEqual({
      dataDir: resolve('./data'),
      mongoUrl: undefined,
    });
  });

  it('reads the data directory and a MongoDB URL', () => {
    expect(
      storeSettingsFromEnv({ DATA_DIR: '/srv/skillers', MONGO_URL: 'mongodb://db:27017/skillers' }),
    ).toEqual({
      dataDir: '/srv/skillers',
      mongoUrl: 'mongodb://db:27017/skillers',
    });
    expect(storeSettingsFromEnv({ MONGO_URL: 'mongodb+srv://cluster.example.com/app' }).mongoUrl).toBe(
      'mongodb+srv://cluster.example.com/app',
    );
  });

  it('refuses a URL that is not MongoDB, naming the variable', () => {
    for (const url of ['http://db:27017', 'not a url']) {
      expect(() => storeSettingsFromEnv({ MONGO_URL: url })).toThrow(ConfigError);
      expect(() => storeSettingsFromEnv({ MONGO_URL: url })).toThrow(
        `Invalid environment variable MONGO_URL=${JSON.stringify(url)}: must be a URL starting with mongodb:// or mongodb+srv://`,
      );
    }
  });
});
