import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fixed port away from the default 3000, so a running development server is never reused. */
const PORT = Number(process.env.E2E_PORT ?? 4310);
const BASE_URL = `http://127.0.0.1:${PORT}`;

// Workers load this file again: the variable makes them share the data folder the runner made.
if (!process.env.SKILLERS_E2E_DATA_DIR) {
  const dataDir = mkdtempSync(join(tmpdir(), 'skillers-e2e-'));
  process.env.SKILLERS_E2E_DATA_DIR = dataDir;
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  // Two browsers share the one server; the suite is mostly waiting on the spec's timers, not on CPU.
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // A timeout only catches a hang: on a busy two-core host a long flow takes three times as long as alone, and
  // speed is measured by the benchmarks, not here.
  timeout: 60_000,
  // Two browsers and the server share two cores: a screen's first render has taken 5 s there (its scripts
  // parsed and run while the other browser works), so an expectation waits up to 10 s before it fails.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium: Playwright's own browser downloads are not reachable here.
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node api/dist/main.js',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.SKILLERS_E2E_DATA_DIR,
      SEED: 'false',
      LOG_LEVEL: 'warn',
      // Every test signs up from the same address; the limits themselves are tested against the API.
      RATE_LIMIT_SCALE: '50',
      // Links in mail (written as .eml files under DATA_DIR/mail) lead back to this server.
      PUBLIC_URL: BASE_URL,
    },
  },
});
