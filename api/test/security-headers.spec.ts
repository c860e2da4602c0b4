import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST_DIR } from '../src/app.module';
import { CROSS_ORIGIN_REFUSED } from '../src/realtime/socket-handshake';
import { connectSocket } from './socket-client';
import { startTestApp, type TestApp } from './test-app';

const FOREIGN = 'https://evil.example';
const CONFIGURED = 'https://app.example';

/** helmet's answers, which every response carries, whatever its status. */
const expectSecurityHeaders = (headers: Headers) => {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'self'");
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
  expect(headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(headers.get('cross-origin-resource-policy')).toBe('same-origin');
  expect(headers.get('x-powered-by')).toBeNull();
};

/** The directive's sources, e.g. `script-src 'self'` gives ["'self'"]. */
const directive = (csp: string, name: string): string[] | undefined =>
  csp
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name)
    ?.slice(1);

const preflight = (api: TestApp, path: string, origin: string) =>
  fetch(`${api.baseUrl}${path}`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type, authorization',
    },
  });

/** socket.io's first long-polling request, which a browser on another site would make with CORS. */
const pollingHandshake = (api: TestApp, origin: string) =>
  fetch(`${api.baseUrl}/socket.io/?EIO=4&transport=polling`, { headers: { origin } });

describe('security headers', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp();
  });
  afterAll(() => api.close());

  it('are on API answers, successful or not', async () => {
    const ok = await api.request('GET', '/api/health');
    expect(ok.status).toBe(200);
    expectSecurityHeaders(ok.headers);

    const refused = await api.request('POST', '/api/auth/login', { body: { email: 'x' } });
    expect(refused.status).toBe(400);
    expectSecurityHeaders(refused.headers);

    const missing = await api.request('GET', '/api/no-such-route');
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing.headers);
  });

  it('keep personal answers out of every cache, and leave public ones cacheable', async () => {
    const user = await api.signUp();
    const other = await api.signUp();
    const sent = await api.request<{ message: { conversationId: string } }>('POST', '/api/chat/sendMessage', {
      token: user.token,
      body: { id: other.id, message: 'hello' },
    });
    expect(sent.status).toBe(201);
    const personal: [string, string, unknown?][] = [
      ['GET', '/api/user/settings'],
      ['PATCH', '/api/user/settings', { name: 'Ada' }],
      ['GET', '/api/chat/conversations'],
      ['GET', `/api/chat/conversation?friendId=${other.id}`],
      ['GET', '/api/user/savedIds'],
    ];
    for (const [method, path, body] of personal) {
      const answer = await api.request(method, path, { token: user.token, body });
      expect(answer.status, `${method} ${path}`).toBeLessThan(300);
      expect(answer.headers.get('cache-control'), `${method} ${path}`).toBe('no-store');
    }
    const login = await api.request('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(login.headers.get('cache-control')).toBe('no-store');
    expect((await api.request('GET', '/api/user/settings')).headers.get('cache-control')).toBe('no-store');
    expect((await api.request('GET', '/api/project')).headers.get('cache-control')).toBeNull();
  });

  it('do not let the policy allow inline or remote scripts', async () => {
    const csp = (await api.request('GET', '/api/health')).headers.get('content-security-policy') ?? '';
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
    expect(directive(csp, 'script-src-attr')).toEqual(["'none'"]);
    expect(directive(csp, 'base-uri')).toEqual(["'self'"]);
    // The chat and every API call go to the page's own origin, which default-src 'self' allows.
    expect(directive(csp, 'connect-src')).toBeUndefined();
  });

  const indexHtml = join(WEB_DIST_DIR, 'index.html');
  it.skipIf(!existsSync(indexHtml))(
    'are on the web app, whose built page loads only same-origin files the policy allows',
    async () => {
      for (const path of ['/', '/find', '/some/client/route']) {
        const page = await api.request<string>('GET', path);
        expect(page.status).toBe(200);
        expect(page.headers.get('content-type')).toMatch(/^text\/html/);
        expectSecurityHeaders(page.headers);
        expect(page.body).toBe(readFileSync(indexHtml, 'utf8'));
      }
      const html = readFileSync(indexHtml, 'utf8');
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes, body] of scripts) {
        // script-src 'self' blocks inline code: every script must be a file from the same origin.
        expect(body.trim()).toBe('');
        expect(attributes).toMatch(/\bsrc="\/[^/]/);
      }
      for (const [, href] of html.matchAll(/<link\b[^>]*\bhref="([^"]+)"/g)) expect(href).toMatch(/^\/[^/]/);
      const script = scripts[0][1].match(/\bsrc="([^"]+)"/)?.[1] ?? '';
      const asset = await api.request<string>('GET', script);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toMatch(/javascript/);
    },
  );
});

describe('CORS without CORS_ORIGINS: same origin only', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp();
  });
  afterAll(() => api.close());

  it('gives no other site an Access-Control-Allow-Origin, on requests or preflights', async () => {
    const read = await api.request('GET', '/api/health', { headers: { origin: FOREIGN } });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    const check = await preflight(api, '/api/auth/login', FOREIGN);
    expect(check.headers.get('access-control-allow-origin')).toBeNull();
    expect(check.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('gives no other site CORS on socket.io polling, and refuses its WebSocket', async () => {
    const poll = await pollingHandshake(api, FOREIGN);
    expect(poll.headers.get('access-control-allow-origin')).toBeNull();
    const user = await api.signUp();
    await expect(
      connectSocket(api.baseUrl, { token: user.token, headers: { origin: FOREIGN } }),
    ).rejects.toThrow(CROSS_ORIGIN_REFUSED);
  });
});

describe('CORS with CORS_ORIGINS', () => {
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp({ CORS_ORIGINS: `${CONFIGURED}, https://admin.example` });
  });
  afterAll(() => api.close());

  it('allows a configured origin, on requests and preflights', async () => {
    const read = await api.request('GET', '/api/health', { headers: { origin: CONFIGURED } });
    expect(read.headers.get('access-control-allow-origin')).toBe(CONFIGURED);
    expect(read.headers.get('vary')).toMatch(/origin/i);
    const check = await preflight(api, '/api/auth/login', CONFIGURED);
    expect(check.status).toBe(204);
    expect(check.headers.get('access-control-allow-origin')).toBe(CONFIGURED);
    expect(check.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('still gives any other site nothing', async () => {
    const read = await api.request('GET', '/api/health', { headers: { origin: FOREIGN } });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    const check = await preflight(api, '/api/auth/login', FOREIGN);
    expect(check.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('applies the same origins to socket.io, polling and WebSocket alike', async () => {
    const allowed = await pollingHandshake(api, CONFIGURED);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(CONFIGURED);
    const foreign = await pollingHandshake(api, FOREIGN);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();

    const user = await api.signUp();
    const socket = await connectSocket(api.baseUrl, { token: user.token, headers: { origin: CONFIGURED } });
    try {
      expect(socket.connected).toBe(true);
    } finally {
      socket.close();
    }
    await expect(
      connectSocket(api.baseUrl, { token: user.token, headers: { origin: FOREIGN } }),
    ).rejects.toThrow(CROSS_ORIGIN_REFUSED);
  });
});
