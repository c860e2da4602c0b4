import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  invitationAnalyticsRequest,
  invitationTallyOfAggregations,
} from './elasticsearch.invitation-analytics';
import { finishInvitationReport, scoreBucketOf } from './invitation-analytics';
import type { InvitationEvent } from './invitation-event';
import { JsonlFileInvitationAnalytics } from './jsonl-file.invitation-analytics';
import { invitationEventsFileName, searchEventsFileName } from './search-events-files';

const event = (at: string, overrides: Partial<InvitationEvent>): InvitationEvent => ({
  type: 'invitation',
  invitationId: '64b0000000000000000000a1',
  outcome: 'sent',
  at,
  direction: 'invite',
  ...overrides,
});
const lines = (...events: unknown[]) => events.map((one) => JSON.stringify(one)).join('\n') + '\n';
const outcomes = (sent: number, accepted: number, declined: number, acceptanceRate: number) => ({
  sent,
  accepted,
  declined,
  acceptanceRate,
});

describe('invitation analytics', () => {
  it('puts each score in its bucket of width 0.2, a score of 1 in the last one', () => {
    expect([0, 0.19, 0.2, 0.4, 0.6, 0.79, 0.8, 1].map(scoreBucketOf)).toEqual([0, 0, 1, 2, 3, 3, 4, 4]);
  });

  describe('from the JSON-lines day files', () => {
    let folder: string;
    beforeEach(() => {
      folder = mkdtempSync(join(tmpdir(), 'skillers-invitation-analytics-'));
    });
    afterEach(() => rmSync(folder, { recursive: true, force: true }));

    it('counts sent, accepted and declined per score bucket and per rank, over the days of the range', async () => {
      writeFileSync(
        join(folder, invitationEventsFileName('2031-05-04')),
        lines(
          event('2031-05-04T08:00:00.000Z', { reciprocalScore: 0.85, matchRank: 1 }),
          event('2031-05-04T08:00:01.000Z', { reciprocalScore: 1, matchRank: 1 }),
          event('2031-05-04T08:00:02.000Z', { reciprocalScore: 0.3, matchRank: 3 }),
          // Sent from a detail page: counted in the totals only.
          event('2031-05-04T08:00:03.000Z', {}),
          event('2031-05-04T09:00:00.000Z', { outcome: 'accepted', reciprocalScore: 0.85, matchRank: 1 }),
          event('2031-05-04T09:00:01.000Z', { outcome: 'declined', reciprocalScore: 0.3, matchRank: 3 }),
        ) + '{"type":"invit\n',
      );
      writeFileSync(
        join(folder, invitationEventsFileName('2031-05-05')),
        lines(event('2031-05-05T09:00:00.000Z', { outcome: 'accepted', reciprocalScore: 1, matchRank: 1 })),
      );
      // Outside the range, and a search events file of the same day: neither is counted.
      writeFileSync(
        join(folder, invitationEventsFileName('2031-05-06')),
        lines(event('2031-05-06T09:00:00.000Z', { reciprocalScore: 0.1 })),
      );
      writeFileSync(join(folder, searchEventsFileName('2031-05-04')), lines({ type: 'search', hits: 1 }));

      let flushed = 0;
      const report = await new JsonlFileInvitationAnalytics(folder, async () => {
        flushed += 1;
      }).report({ from: '2031-05-04', to: '2031-05-05' });

      expect(flushed).toBe(1);
      expect(report.totals).toEqual(outcomes(4, 2, 1, 0.5));
      expect(report.byScore).toEqual([
        { from: 0, to: 0.2, ...outcomes(0, 0, 0, 0) },
        { from: 0.2, to: 0.4, ...outcomes(1, 0, 1, 0) },
        { from: 0.4, to: 0.6, ...outcomes(0, 0, 0, 0) },
        { from: 0.6, to: 0.8, ...outcomes(0, 0, 0, 0) },
        { from: 0.8, to: 1, ...outcomes(2, 2, 0, 1) },
      ]);
      expect(report.byRank).toEqual([
        { rank: 1, ...outcomes(2, 2, 0, 1) },
        { rank: 2, ...outcomes(0, 0, 0, 0) },
        { rank: 3, ...outcomes(1, 0, 1, 0) },
      ]);
    });

    it('reports no ranks and empty buckets without events', async () => {
      const report = await new JsonlFileInvitationAnalytics(folder).report({
        from: '2031-05-04',
        to: '2031-05-04',
      });
      expect(report.totals).toEqual(outcomes(0, 0, 0, 0));
      expect(report.byScore.map((bucket) => bucket.sent)).toEqual([0, 0, 0, 0, 0]);
      expect(report.byRank).toEqual([]);
    });
  });

  describe('from Elasticsearch aggregations', () => {
    it('asks for the outcomes in all, per score histogram bucket and per rank 1-24, with no hits', () => {
      const request = invitationAnalyticsRequest('invitation-events', {
        from: '2031-05-04',
        to: '2031-05-05',
      });
      const perOutcome = {
        sent: { filter: { term: { outcome: 'sent' } } },
        accepted: { filter: { term: { outcome: 'accepted' } } },
        declined: { filter: { term: { outcome: 'declined' } } },
      };
      expect(request).toEqual({
        index: 'invitation-events',
        ignore_unavailable: true,
        size: 0,
        track_total_hits: false,
        query: { range: { at: { gte: '2031-05-04T00:00:00.000Z', lt: '2031-05-06T00:00:00.000Z' } } },
        aggs: {
          ...perOutcome,
          scores: {
            histogram: { field: 'reciprocalScore', interval: 0.2, min_doc_count: 1 },
            aggs: perOutcome,
          },
          ranks: {
            histogram: {
              field: 'matchRank',
              interval: 1,
              min_doc_count: 1,
              hard_bounds: { min: 1, max: 24 },
            },
            aggs: perOutcome,
          },
        },
      });
    });

    it('reads float bucket keys and folds the bucket at 1 into the last one', () => {
      const counts = (sent: number, accepted: number, declined: number) => ({
        sent: { doc_count: sent },
        accepted: { doc_count: accepted },
        declined: { doc_count: declined },
      });
      const report = finishInvitationReport(
        invitationTallyOfAggregations({
          ...counts(5, 3, 1),
          scores: {
            buckets: [
              { key: 0.6000000000000001, doc_count: 2, ...counts(1, 1, 0) },
              { key: 0.8, doc_count: 2, ...counts(1, 1, 0) },
              { key: 1, doc_count: 3, ...counts(2, 1, 0) },
            ],
          },
          ranks: { buckets: [{ key: 2, doc_count: 4, ...counts(3, 1, 0) }] },
        }),
      );
      expect(report.totals).toEqual(outcomes(5, 3, 1, 0.6));
      expect(report.byScore.slice(3)).toEqual([
        { from: 0.6, to: 0.8, ...outcomes(1, 1, 0, 1) },
        { from: 0.8, to: 1, ...outcomes(3, 2, 0, 0.6667) },
      ]);
      expect(report.byRank).toEqual([
        { rank: 1, ...outcomes(0, 0, 0, 0) },
        { rank: 2, ...outcomes(3, 1, 0, 0.3333) },
      ]);
    });
  });
});
