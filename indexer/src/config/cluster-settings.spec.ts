import { describe, expect, it } from 'vitest';
import { clusterSettingsFromEnv } from './cluster-settings';
import { ConfigError } from '@skillers/domain';

describe('clusterSettingsFromEnv', () => {
  it('is unset without ELASTICSEARCH_URL, whatever else is set', () => {
    expect(clusterSettingsFromEnv({})).toBeUndefined();
    expect(clusterSettingsFromEnv({ ELASTICSEARCH_URL: ' ', REDIS_URL: 'redis://r:6379' })).toBeUndefined();
  });

  it('reads Elasticsearch and, when set, Redis', () => {
    expect(clusterSettingsFromEnv({ ELASTICSEARCH_URL: 'http://es:9200' })).toEqual({
      elasticsearchUrl: 'http://es:9200',
      redisUrl: undefined,
    });
    expect(
      clusterSettingsFromEnv({ ELASTICSEARCH_URL: 'https://es:9200', REDIS_URL: 'rediss://r:6380' }),
    ).toEqual({
      elasticsearchUrl: 'https://es:9200',
      redisUrl: 'rediss://r:6380',
    });
  });

  it.each([
    [
      { ELASTICSEARCH_URL: 'es:9200' },
      'ELASTICSEARCH_URL="es:9200": must be a URL starting with http:// or https://',
    ],
    [
      { ELASTICSEARCH_URL: 'http://es:9200', REDIS_URL: 'http://r:6379' },
      'REDIS_URL="http://r:6379": must be a URL starting with redis:// or rediss://',
    ],
  ])('refuses %j with a one-line message naming the variable', (env, message) => {
    expect(() => clusterSettingsFromEnv(env)).toThrow(ConfigError);
    expect(() => clusterSettingsFromEnv(env)).toThrow(`Invalid environment variable ${message}`);
  });
});
