import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';

/**
 * The shared e2e server starts empty (SEED=false); this file starts a seeded one of its own, on a free
 * port and a fresh data folder, as `npm start` does on a first run.
 */
const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

const waitForHealth = async (baseUrl: string, server: ChildProcess, ms: number) => {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The seeded server stopped with code ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error('The seeded server did not become healthy in time');
};

test.describe('the demo login on a first start', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let server: ChildProcess;
  let dataDir: string;
  let baseUrl: string;

  test.beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'skillers-e2e-demo-'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = spawn('node', ['api/dist/main.js'], {
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED: 'true',
        LOG_LEVEL: 'warn',
        // The small model kept beside the repository: nothing is fetched from the network.
        EMBEDDER_MODEL_PATH: resolve(__dirname, '../../shared/models'),
        EMBEDDER_MODEL: 'skillers/static-wordpiece-100d',
      },
    });
    await waitForHealth(baseUrl, server, 90_000);
  });

  test.afterAll(() => {
    server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the profile cards say how their owners answer, with a spread of answer rates', async ({ page }) => {
    await page.goto(`${baseUrl}/teammates`);
    const lines = page.getByRole('list', { name: 'Teammates' }).locator('.listing-card__answers');
    // The seeded server is still embedding its demo records on the busy machine: its answers may come slowly.
    await expect(lines.first()).toBeVisible({ timeout: 15_000 });
    const texts = await lines.allInnerTexts();
    expect(
      texts.every((text) => /^(Usually answers within .+|Answers \d+% of first contacts)$/.test(text)),
    ).toBe(true);
    expect(new Set(texts).size).toBeGreaterThan(2);
  });

  test('signs in and sees a living feed, unread conversations and notifications', async ({ page }) => {
    // The demo login the README names.
    await page.goto(`${baseUrl}/login`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill('demo@skillers.dev');
    await form.getByLabel('Password').fill('demo-password');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${baseUrl}/`);

    const account = page.getByRole('banner').getByRole('link', { name: /^My Account/ });
    await expect(account).toHaveText(/^My Account\d+ unread$/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Notifications' })).toBeVisible();

    await page.goto(`${baseUrl}/feed`);
    const posts = page.getByRole('article');
    await expect(posts.first()).toBeVisible();
    expect(await posts.count()).toBeGreaterThan(5);

    await account.click();
    const list = page.getByRole('region', { name: 'All Message' });
    await expect(list.getByText(/unread/).first()).toBeVisible();
    expect(await list.getByRole('button').count()).toBeGreaterThan(3);

    // Saved searches with alerts, each with new matches to look at.
    await page
      .getByRole('navigation', { name: 'Account' })
      .getByRole('link', { name: 'Saved Searches' })
      .click();
    const searches = page.getByRole('list', { name: 'Saved searches' }).getByRole('listitem');
    await expect(searches).toHaveCount(3);
    for (const search of await searches.all()) {
      await expect(search.getByText(/^\d+ new$/)).toBeVisible();
      await expect(search.getByRole('checkbox', { name: 'Alerts' })).toBeChecked();
    }
  });
});
