import { describe, expect, it } from 'vitest';
import { defaultServerUrl, directCluster } from './admin-target';

describe('where the admin commands go', () => {
  it.each([
    [{}, 'http://127.0.0.1:3000'],
    [{ PORT: '4100' }, 'http://127.0.0.1:4100'],
    [{ PORT: ' ', HOST: '' }, 'http://127.0.0.1:3000'],
    [{ HOST: '0.0.0.0', PORT: '8080' }, 'http://127.0.0.1:8080'],
    [{ HOST: '::' }, 'http://127.0.0.1:3000'],
    [{ HOST: '10.1.2.3' }, 'http://10.1.2.3:3000'],
    [{ HOST: '::1', PORT: '3001' }, 'http://[::1]:3001'],
  ])('reaches the server started with %j at %s', (env, url) => {
    expect(defaultServerUrl(env)).toBe(url);
  });

  it('works on the cluster directly when ELASTICSEARCH_URL is set, unless --url names a server', () => {
    const env = { ELASTICSEARCH_URL: 'http://es:9200' };
    expect(directCluster({}, env)).toEqual({ elasticsearchUrl: 'http://es:9200', redisUrl: undefined });
    expect(directCluster({ url: 'http://api:3000' }, env)).toBeUndefined();
    expect(directCluster({}, {})).toBeUndefined();
  });
});
