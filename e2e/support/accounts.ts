import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Account {
  username: string;
  email: string;
  password: string;
  token: string;
}

let counter = 0;

/** Names no earlier run used, so the suite can run against any data folder. */
export const uniqueCredentials = () => {
  counter += 1;
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}${counter}`;
  return { username: `user${suffix}`, email: `user${suffix}@example.com`, password: 'correct-horse-battery' };
};

/** Creates an account through the API, for tests that are not about signing up. */
export const createAccount = async (request: APIRequestContext): Promise<Account> => {
  const credentials = uniqueCredentials();
  const signup = await request.post('/api/auth/signup', { data: credentials });
  expect(signup.status(), await signup.text()).toBe(201);
  const login = await request.post('/api/auth/login', {
    data: { email: credentials.email, password: credentials.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  return { ...credentials, token };
};

/** Stores the token the way the login screen does, then opens `path` as a signed-in user. */
export const openSignedIn = async (page: Page, account: Account, path: string) => {
  await page.goto('/feed');
  await page.evaluate((token) => localStorage.setItem('token', token), account.token);
  await page.goto(path);
};

/** The user id the token names, as the web app reads it. */
export const userIdOf = (account: Account): string =>
  (JSON.parse(Buffer.from(account.token.split('.')[1], 'base64url').toString()) as { sub: string }).sub;

/** Each person gets a browser of their own, as two people on two machines would. */
export const openAs = async (browser: Browser, account: Account, path: string): Promise<Page> => {
  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, account, path);
  return page;
};

/** The server generated its admin token into the data folder the runner made (playwright.config.ts). */
export const adminToken = () =>
  readFileSync(join(process.env.SKILLERS_E2E_DATA_DIR as string, 'admin-token'), 'utf8').trim();
