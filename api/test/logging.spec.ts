import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/app-config';
import { createApp } from '../src/create-app';
import { listenAndAnnounce } from '../src/listen';
import { SHARED_MODEL_ENV } from './shared-model';

interface LogLine {
  level: number;
  time: number;
  pid: number;
  service: string;
  msg: string;
  context?: string;
  req?: { id?: string };
}

describe('API log', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'skillers-logging-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is pino JSON lines only, shaped as the other services log, each start-up line with its own time', async () => {
    const written: { text: string; at: number }[] = [];
    const config = loadConfig({
      SEED: 'false',
      LOG_LEVEL: 'info',
      ...SHARED_MODEL_ENV,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
    });
    const before = Date.now();
    const app = await createApp(config, {
      logDestination: { write: (text: string) => written.push({ text, at: Date.now() }) },
    });
    const created = Date.now();
    const url = await listenAndAnnounce(app, config);
    expect((await fetch(`${url}/api/health`)).status).toBeLessThan(600);
    await app.close();

    const lines = written.map(({ text }) => JSON.parse(text) as LogLine);
    for (const line of lines) {
      expect(line).toMatchObject({ service: 'api', pid: process.pid });
      expect(typeof line.level).toBe('number');
      expect(typeof line.time).toBe('number');
    }
    expect(lines.some((line) => line.msg === `Skillers is running at ${url}`)).toBe(true);

    // Nest's start-up lines are written while the application is built, each with its own time; replayed
    // once it exists (Nest's bufferLogs), they would all carry the one time of the replay.
    const startup = lines.filter((line) => line.context === 'InstanceLoader');
    expect(startup.length).toBeGreaterThan(5);
    const times = startup.map((line) => line.time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeGreaterThanOrEqual(before);
    expect(times[0]).toBeLessThan(times[times.length - 1]);
    expect(times[times.length - 1]).toBeLessThanOrEqual(created);
  });

  /** The app listening on a free port, its log lines collected as written. */
  const listeningApp = async (level: string) => {
    const lines: string[] = [];
    const config = loadConfig({
      SEED: 'false',
      LOG_LEVEL: level,
      ...SHARED_MODEL_ENV,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
    });
    const app = await createApp(config, { logDestination: { write: (text: string) => lines.push(text) } });
    return { app, url: await listenAndAnnounce(app, config), lines };
  };

  it('says where it listens even when only warnings are logged, since scripts wait for that line', async () => {
    const { app, url, lines } = await listeningApp('warn');
    await app.close();
    const announced = lines.map((text) => JSON.parse(text) as LogLine).filter((line) => line.level < 40);
    expect(announced).toEqual([
      expect.objectContaining({ level: 30, service: 'api', msg: `Skillers is running at ${url}` }),
    ]);
  });

  it('gives every request an id, in its log lines and its X-Request-Id header, keeping a sane incoming one', async () => {
    const { app, url, lines } = await listeningApp('info');
    const idOf = async (sent?: string) => {
      const response = await fetch(`${url}/api/health`, { headers: sent ? { 'x-request-id': sent } : {} });
      return response.headers.get('x-request-id');
    };
    const kept = await idOf('proxy-trace.42:a_b');
    const replaced = await idOf('not <sane> at all');
    const fresh = await idOf();
    await app.close();

    expect(kept).toBe('proxy-trace.42:a_b');
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    expect(replaced).toMatch(UUID);
    expect(fresh).toMatch(UUID);
    expect(fresh).not.toBe(replaced);
    const requestLines = lines.map((text) => JSON.parse(text) as LogLine).filter((line) => line.req);
    expect(requestLines.map((line) => line.req?.id)).toEqual([kept, replaced, fresh]);
    // A request line is short: what was asked and answered, not every header.
    const [first] = lines
      .filter((text) => text.includes('"req"'))
      .map((text) => JSON.parse(text) as Record<string, unknown>);
    expect(first.req).toEqual({ id: kept, method: 'GET', url: '/api/health' });
    expect(first.res).toEqual({ statusCode: 200 });
  });
});
