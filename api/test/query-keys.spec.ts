import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bracketedQueryKeyMessage, repeatedQueryKeyMessage } from '../src/common/query-keys.middleware';
import { type ErrorAnswer, UNKNOWN_ID } from './listing-fixtures';
import { startTestApp, type TestApp, type TestUser } from './test-app';

const ADMIN_TOKEN = 'query-keys-admin-token-'.padEnd(48, '0');

/** Keys written as lists or objects: the keys the routes read, and one no route reads. */
const BRACKETED: [query: string, key: string][] = [
  ['page[]=1', 'page[]'],
  ['page[a]=1', 'page[a]'],
  ['limit[]=5', 'limit[]'],
  ['before[]=x', 'before[]'],
  ['status[]=open', 'status[]'],
  ['status%5B%5D=open', 'status[]'],
  ['from[]=2031-05-04', 'from[]'],
  ['to[0]=2031-05-04', 'to[0]'],
  ['filterType[]=projectType', 'filterType[]'],
  [`friendId[]=${UNKNOWN_ID}`, 'friendId[]'],
  ['other]=1', 'other]'],
];

const REPEATED: [query: string, key: string][] = [
  ['page=1&page=2', 'page'],
  ['status=open&status=closed', 'status'],
  ['limit=5&limit=6', 'limit'],
  ['from=2031-05-04&from=2031-05-05', 'from'],
  ['other=1&other=1', 'other'],
];

describe('query keys written as lists, objects or twice', () => {
  let api: TestApp;
  let user: TestUser;
  let getRoutes: string[];

  beforeAll(async () => {
    api = await startTestApp({ ADMIN_TOKEN });
    user = await api.signUp();
    const router = api.app.getHttpAdapter().getInstance().router as {
      stack: { route?: { path: string; methods: Record<string, boolean> } }[];
    };
    // Every GET route the API registered, path parameters filled in; the web app's fallback left out.
    getRoutes = [
      ...new Set(
        router.stack
          .flatMap((layer) => (layer.route?.methods.get ? [layer.route.path] : []))
          .filter((path) => /^\/(api|embedder)\//.test(path) && !path.includes('*'))
          .map((path) => path.replace(/:\w+/g, UNKNOWN_ID)),
      ),
    ];
  });
  afterAll(() => api.close());

  const get = (path: string) =>
    api.request<ErrorAnswer>('GET', path, {
      token: path.startsWith('/api/admin/') ? ADMIN_TOKEN : user.token,
    });

  it('finds the routes that read a query among the GET routes it walks', () => {
    expect(getRoutes).toEqual(
      expect.arrayContaining([
        '/api/project',
        '/api/teammate',
        '/api/post',
        '/api/chat/conversation',
        '/api/user/myProjects',
        '/api/user/projects/found',
        '/api/user/teammates/found',
        '/api/admin/reports',
        '/api/admin/propositions',
        '/api/admin/analytics',
      ]),
    );
  });

  it('answers 400 naming the key for a bracketed key, on every GET route', async () => {
    for (const path of getRoutes) {
      for (const [query, key] of BRACKETED) {
        const answer = await get(`${path}?${query}`);
        expect(answer.status, `${path}?${query}`).toBe(400);
        expect(answer.body.message).toBe(bracketedQueryKeyMessage(key));
      }
    }
  });

  it('answers 400 naming the key for a key given twice, on every GET route', async () => {
    for (const path of getRoutes) {
      for (const [query, key] of REPEATED) {
        const answer = await get(`${path}?${query}`);
        expect(answer.status, `${path}?${query}`).toBe(400);
        expect(answer.body.message).toBe(repeatedQueryKeyMessage(key));
      }
    }
  });

  it('refuses /admin/reports?status[]=open instead of listing every status; the plain key still filters', async () => {
    const refused = await get('/api/admin/reports?status[]=open');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(bracketedQueryKeyMessage('status[]'));
    expect((await get('/api/admin/reports?status=open&page=1')).status).toBe(200);
  });

  it('refuses them on the other methods too', async () => {
    const answer = await api.request<ErrorAnswer>('POST', '/api/project/traditional_filtering_all?page[]=2', {
      body: { activeFilters: {} },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(bracketedQueryKeyMessage('page[]'));
  });

  it("leaves the web app's pages alone", async () => {
    const page = await api.request('GET', '/find?page[]=1&tab=a&tab=b');
    expect(page.status).not.toBe(400);
  });
});
