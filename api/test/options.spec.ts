import { FILTER_KEYS, TOOLS, VOCABULARIES, VOCABULARY_VERSION } from '@skillers/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test-app';

interface OptionsBody {
  version: string;
  filterKeys: { clientKey: string; label: string; backendKey: string }[];
  options: Record<string, unknown[]>;
}

const LIST_KEYS = [
  'projectType',
  'reward',
  'compensationBasis',
  'industry',
  'productType',
  'role',
  'country',
  'softSkill',
  'language',
  'workingType',
  'tool',
];

describe('GET /api/options', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp();
  });
  afterAll(() => api.close());

  it('serves every option list, the filter-key table and the version without signing in', async () => {
    const response = await api.request<OptionsBody>('GET', '/api/options');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(response.body).sort()).toEqual(['filterKeys', 'options', 'version']);
    expect(response.body.version).toBe(VOCABULARY_VERSION);
    expect(response.body.filterKeys).toHaveLength(15);
    expect(response.body.filterKeys).toEqual(FILTER_KEYS);
    expect(Object.keys(response.body.options).sort()).toEqual([...LIST_KEYS].sort());
  });

  it('sends the lists at their sizes, with tools as objects', async () => {
    const { options } = (await api.request<OptionsBody>('GET', '/api/options')).body;
    expect(options.projectType).toHaveLength(23);
    expect(options.reward).toHaveLength(29);
    expect(options.compensationBasis).toHaveLength(7);
    expect(options.workingType).toEqual(['Office', 'Remote']);
    expect(options.country).toHaveLength(195);
    for (const key of LIST_KEYS.filter((name) => name !== 'tool')) {
      expect(options[key]).toEqual(VOCABULARIES[key as keyof typeof VOCABULARIES]);
    }
    expect(options.tool).toHaveLength(TOOLS.length);
    expect(options.tool.length).toBeGreaterThanOrEqual(350);
    expect(options.tool).toContainEqual({
      name: 'Kubernetes',
      category: 'devops',
      viewWeight: 1,
      aliases: ['k8s', 'kube'],
    });
    for (const tool of options.tool) {
      expect(Object.keys(tool as object).sort()).toEqual(['aliases', 'category', 'name', 'viewWeight']);
    }
  });

  it('sends a quoted version as ETag and lets clients cache for an hour', async () => {
    const response = await api.request('GET', '/api/options');
    expect(response.headers.get('etag')).toBe(`"${VOCABULARY_VERSION}"`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it.each([
    ['the exact ETag', (etag: string) => etag],
    ['a weak form of it', (etag: string) => `W/${etag}`],
    ['a list that includes it', (etag: string) => `"stale", ${etag}`],
    ['the wildcard', () => '*'],
  ])('answers 304 with no body to If-None-Match with %s', async (_name, header) => {
    const first = await api.request('GET', '/api/options');
    const etag = first.headers.get('etag') ?? '';
    const response = await fetch(`${api.baseUrl}/api/options`, {
      headers: { 'if-none-match': header(etag) },
    });
    expect(response.status).toBe(304);
    expect(await response.text()).toBe('');
    expect(response.headers.get('etag')).toBe(etag);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('sends the whole catalogue again when the client holds an older version', async () => {
    const response = await api.request<OptionsBody>('GET', '/api/options', {
      headers: { 'if-none-match': '"an-older-version"' },
    });
    expect(response.status).toBe(200);
    expect(response.body.version).toBe(VOCABULARY_VERSION);
    expect(response.body.options.tool.length).toBe(TOOLS.length);
  });
});
