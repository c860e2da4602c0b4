import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './test-app';

describe('health and start-up', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp();
  });
  afterAll(() => api.close());

  it('names the adapter of every port and whether it is ready', async () => {
    const response = await api.request<{
      status: string;
      ports: Record<string, { adapter: string; ready: boolean }>;
    }>('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.ports).sort()).toEqual(['embedder', 'queue', 'search', 'store']);
    expect(response.body.ports.store).toEqual({ adapter: 'sqlite', ready: true });
    for (const port of Object.values(response.body.ports)) {
      expect(typeof port.adapter).toBe('string');
      expect(typeof port.ready).toBe('boolean');
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await api.request('GET', '/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(typeof response.body.message).toBe('string');
  });

  it('sends security headers', async () => {
    const response = await api.request('GET', '/api/health');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-powered-by')).toBeNull();
  });
});

describe('seeding', () => {
  it('creates the demo account on an empty database when SEED is on, and only once', async () => {
    const api = await startTestApp({ SEED: 'true' });
    try {
      const login = await api.request('POST', '/api/auth/login', {
        body: { email: 'demo@skillers.dev', password: 'demo-password' },
      });
      expect(login.status).toBe(200);
    } finally {
      await api.close();
    }
  });

  it('leaves the database empty with SEED=false', async () => {
    const api = await startTestApp({ SEED: 'false' });
    try {
      const login = await api.request('POST', '/api/auth/login', {
        body: { email: 'demo@skillers.dev', password: 'demo-password' },
      });
      expect(login.status).toBe(401);
    } finally {
      await api.close();
    }
  });
});
