import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JsonlFileSearchEventSink, searchEventsFileName } from './jsonl-file.search-event-sink';
import type { InvitationEvent } from './invitation-event';
import type { AnalyticsEvent } from './search-event';
import { invitationEventsFileName } from './search-events-files';
import { sampleClickEvent, sampleSearchEvent } from './search-event.testing';

const readLines = (file: string): AnalyticsEvent[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AnalyticsEvent);

describe('JSON-lines search event sink', () => {
  let folder: string;
  const silent = { warn: () => undefined };

  beforeEach(() => {
    folder = join(mkdtempSync(join(tmpdir(), 'skillers-events-')), 'search-events');
  });
  afterEach(() => rmSync(join(folder, '..'), { recursive: true, force: true }));

  it('appends each event as one JSON line with every field, creating its folder', async () => {
    const sink = new JsonlFileSearchEventSink(folder, { logger: silent });
    const first = sampleSearchEvent('2031-05-04T10:00:00.000Z');
    const second = sampleSearchEvent('2031-05-04T10:00:01.000Z', {
      kind: 'teammate',
      hits: 0,
      returned: [],
      top: [],
    });
    sink.record(first);
    sink.record(second);
    await sink.flush();

    const lines = readLines(join(folder, 'search-events-2031-05-04.jsonl'));
    expect(lines).toEqual([first, second]);
    expect(Object.keys(lines[0]).sort()).toEqual(
      [
        'activeFilterCount',
        'at',
        'combination',
        'eventId',
        'filterKeys',
        'filters',
        'hits',
        'kind',
        'labels',
        'latencyMs',
        'page',
        'rank',
        'restriction',
        'results',
        'returned',
        'signedIn',
        'similarityFallback',
        'top',
        'type',
      ].sort(),
    );
    await sink.close();
  });

  it('appends clicks to the same day file, after the search they name', async () => {
    const sink = new JsonlFileSearchEventSink(folder, { logger: silent });
    const search = sampleSearchEvent('2031-05-04T10:00:00.000Z');
    const click = sampleClickEvent('2031-05-04T10:00:05.000Z');
    sink.record(search);
    sink.record(click);
    await sink.close();
    expect(readLines(join(folder, 'search-events-2031-05-04.jsonl'))).toEqual([search, click]);
  });

  it('writes invitation events into day files of their own, which the search report never reads', async () => {
    const sink = new JsonlFileSearchEventSink(folder, { logger: silent });
    const search = sampleSearchEvent('2031-05-04T10:00:00.000Z');
    const invitation: InvitationEvent = {
      type: 'invitation',
      invitationId: '64b0000000000000000000a1',
      outcome: 'sent',
      at: '2031-05-04T10:00:01.000Z',
      direction: 'invite',
      reciprocalScore: 0.64,
      matchRank: 2,
    };
    sink.record(search);
    sink.record(invitation);
    await sink.flush();
    expect(readLines(join(folder, 'search-events-2031-05-04.jsonl'))).toEqual([search]);
    expect(readLines(join(folder, invitationEventsFileName('2031-05-04')))).toEqual([invitation]);
    const report = await sink.invitationAnalytics().report({ from: '2031-05-04', to: '2031-05-04' });
    expect(report.byRank[1]).toMatchObject({ rank: 2, sent: 1 });
    expect((await sink.analytics().report({ from: '2031-05-04', to: '2031-05-04' })).totals.searches).toBe(1);
    await sink.close();
  });

  it('writes each event into the file of its UTC day and keeps appending across restarts', async () => {
    const sink = new JsonlFileSearchEventSink(folder, { logger: silent });
    sink.record(sampleSearchEvent('2031-05-04T23:59:59.999Z'));
    sink.record(sampleSearchEvent('2031-05-05T00:00:00.000Z'));
    await sink.close();
    const again = new JsonlFileSearchEventSink(folder, { logger: silent });
    again.record(sampleSearchEvent('2031-05-05T08:00:00.000Z'));
    await again.close();

    expect(readdirSync(folder).sort()).toEqual([
      searchEventsFileName('2031-05-04'),
      searchEventsFileName('2031-05-05'),
    ]);
    expect(readLines(join(folder, 'search-events-2031-05-04.jsonl'))).toHaveLength(1);
    expect(readLines(join(folder, 'search-events-2031-05-05.jsonl')).map((event) => event.at)).toEqual([
      '2031-05-05T00:00:00.000Z',
      '2031-05-05T08:00:00.000Z',
    ]);
  });

  it('drops events beyond a full buffer instead of blocking, and warns', async () => {
    const warnings: string[] = [];
    const sink = new JsonlFileSearchEventSink(folder, {
      capacity: 3,
      logger: { warn: (message) => warnings.push(message) },
    });
    const started = performance.now();
    for (let second = 0; second < 8; second += 1) {
      sink.record(sampleSearchEvent(`2031-05-04T10:00:0${second}.000Z`));
    }
    expect(performance.now() - started).toBeLessThan(50);
    await sink.close();

    expect(readLines(join(folder, 'search-events-2031-05-04.jsonl')).map((event) => event.at)).toEqual([
      '2031-05-04T10:00:00.000Z',
      '2031-05-04T10:00:01.000Z',
      '2031-05-04T10:00:02.000Z',
    ]);
    expect(warnings).toContain('Dropped 5 search events while the buffer was full');
  });

  it('reports a folder it cannot write to as lost events, without throwing', async () => {
    const warnings: string[] = [];
    const sink = new JsonlFileSearchEventSink(folder, {
      logger: { warn: (message) => warnings.push(message) },
    });
    rmSync(folder, { recursive: true });
    expect(() => sink.record(sampleSearchEvent('2031-05-04T10:00:00.000Z'))).not.toThrow();
    await sink.flush();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Could not record 1 search events \(.*ENOENT/);
    await sink.close();
  });
});
