import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JsonlFileSearchAnalytics } from './jsonl-file.search-analytics';
import { searchEventsFileName } from './search-events-files';
import { sampleClickEvent, sampleSearchEvent } from './search-event.testing';

const lines = (...events: unknown[]) => events.map((event) => JSON.stringify(event)).join('\n') + '\n';

describe('search analytics from the JSON-lines day files', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'skillers-analytics-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('counts each day of the range, the ranks shown and clicked, and the zero-result combinations and labels', async () => {
    const zero = sampleSearchEvent('2031-05-04T09:00:00.000Z', {
      hits: 0,
      returned: [],
      results: [],
      rank: [],
      labels: ['locations: Iceland'],
      combination: 'locations: Iceland',
    });
    writeFileSync(
      join(folder, searchEventsFileName('2031-05-04')),
      lines(
        sampleSearchEvent('2031-05-04T08:00:00.000Z'),
        zero,
        zero,
        sampleSearchEvent('2031-05-04T09:00:01.000Z', { similarityFallback: true, rank: [1, 2, 3] }),
        sampleClickEvent('2031-05-04T09:00:02.000Z', { rank: 3 }),
        sampleClickEvent('2031-05-04T09:00:03.000Z', { rank: 1 }),
      ) +
        // A line cut short by a crash is skipped, and the lines after it still count.
        '{"type":"sear\n' +
        lines(sampleSearchEvent('2031-05-04T10:00:00.000Z')),
    );
    // Written before events had a type, ranks, labels or a combination: read from the fields they had.
    const {
      type: _type,
      rank: _rank,
      labels: _labels,
      combination: _combination,
      ...older
    } = sampleSearchEvent('2031-05-06T10:00:00.000Z', { hits: 0, page: 2 });
    writeFileSync(join(folder, searchEventsFileName('2031-05-06')), lines(older));
    writeFileSync(
      join(folder, searchEventsFileName('2031-05-07')),
      lines(sampleSearchEvent('2031-05-07T10:00:00.000Z')),
    );

    let flushed = 0;
    const report = await new JsonlFileSearchAnalytics(folder, async () => {
      flushed += 1;
    }).report({ from: '2031-05-04', to: '2031-05-06' });

    expect(flushed).toBe(1);
    expect(report.days).toEqual([
      {
        day: '2031-05-04',
        searches: 4,
        zeroResults: 2,
        fallbacks: 1,
        clicks: 2,
        zeroResultRate: 0.5,
        fallbackRate: 0.25,
      },
      {
        day: '2031-05-05',
        searches: 0,
        zeroResults: 0,
        fallbacks: 0,
        clicks: 0,
        zeroResultRate: 0,
        fallbackRate: 0,
      },
      {
        day: '2031-05-06',
        searches: 1,
        zeroResults: 1,
        fallbacks: 0,
        clicks: 0,
        zeroResultRate: 1,
        fallbackRate: 0,
      },
    ]);
    expect(report.totals).toEqual({
      searches: 5,
      zeroResults: 3,
      fallbacks: 1,
      clicks: 2,
      zeroResultRate: 0.6,
      fallbackRate: 0.2,
    });
    // Two searches showed ranks 1-2 and the fallback 1-3 on 2031-05-04; the older event, on page 2, 13-14.
    expect(report.clickThroughByRank.slice(0, 3)).toEqual([
      { rank: 1, impressions: 3, clicks: 1, clickThroughRate: 0.3333 },
      { rank: 2, impressions: 3, clicks: 0, clickThroughRate: 0 },
      { rank: 3, impressions: 1, clicks: 1, clickThroughRate: 1 },
    ]);
    expect(report.clickThroughByRank).toHaveLength(14);
    expect(report.clickThroughByRank[12]).toEqual({
      rank: 13,
      impressions: 1,
      clicks: 0,
      clickThroughRate: 0,
    });
    expect(report.zeroResultCombinations).toEqual([
      { combination: 'locations: Iceland', count: 2 },
      { combination: 'toolsExperience: React 3+ + bizOrTech: 40', count: 1 },
    ]);
    expect(report.topLabels).toEqual([
      { label: 'toolsExperience: React', count: 3 },
      { label: 'locations: Iceland', count: 2 },
    ]);
  });

  it('reports a range without files as zeros', async () => {
    const report = await new JsonlFileSearchAnalytics(join(folder, 'missing')).report({
      from: '2031-05-04',
      to: '2031-05-04',
    });
    expect(report.totals.searches).toBe(0);
    expect(report.days).toHaveLength(1);
    expect(report.clickThroughByRank).toEqual([]);
    expect(report.zeroResultCombinations).toEqual([]);
  });
});
