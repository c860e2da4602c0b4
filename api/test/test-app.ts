import type { INestApplication } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config/app-config';
import { createApp } from '../src/create-app';
import { SHARED_MODEL_ENV } from './shared-model';

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as is, for malformed-body tests. */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface TestApp {
  app: INestApplication;
  baseUrl: string;
  dataDir: string;
  request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>>;
  /** Signs up and logs in a fresh user; returns its token and id. */
  signUp(overrides?: Partial<{ username: string; email: string; password: string }>): Promise<TestUser>;
  close(): Promise<void>;
}

export interface TestUser {
  id: string;
  token: string;
  username: string;
  email: string;
  password: string;
}

let userCounter = 0;

/**
 * Starts the real application on a free loopback port with its own empty data directory, or on the
 * `DATA_DIR` given in `env` (kept on close, so a test can restart the application on the same data).
 */
export const startTestApp = async (env: Record<string, string> = {}): Promise<TestApp> => {
  const ownsDataDir = env.DATA_DIR === undefined;
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'skillers-api-'));
  const config = loadConfig({
    SEED: 'false',
    LOG_LEVEL: 'silent',
    ...SHARED_MODEL_ENV,
    ...env,
    DATA_DIR: dataDir,
  });
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  const request = async <T>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      // Not JSON (the web app's HTML, for example): keep the text.
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  };

  const signUp = async (overrides: Partial<{ username: string; email: string; password: string }> = {}) => {
    userCounter += 1;
    const unique = `${Date.now().toString(36)}${userCounter}`;
    const user = {
      username: `user${unique}`,
      email: `user${unique}@example.com`,
      password: 'correct-horse-battery',
      ...overrides,
    };
    const signup = await request('POST', '/api/auth/signup', { body: user });
    if (signup.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(signup.body)}`);
    const login = await request<{ token: string }>('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    const token = login.body.token;
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { id: string };
    return { ...user, token, id: payload.id };
  };

  return {
    app,
    baseUrl,
    dataDir,
    request,
    signUp,
    close: async () => {
      await app.close();
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
