import type { Client } from '@elastic/elasticsearch';
import { describe, expect, it } from 'vitest';
import { filterQuery } from './elasticsearch-query';
import { OptionCounts } from './option-counts';

// What is sent to Elasticsearch, checked without a cluster; the behaviour itself is the contract suite's.
describe('Elasticsearch option counts', () => {
  const fakeClient = (counts: number[], records: number) => {
    const bodies: Record<string, unknown>[] = [];
    const client = {
      search: async (body: Record<string, unknown>) => {
        bodies.push(body);
        const aggs = Object.keys(body.aggs as object);
        return {
          hits: { total: { value: records, relation: 'eq' }, hits: [] },
          aggregations: Object.fromEntries(aggs.map((name, at) => [name, { doc_count: counts[at] }])),
        };
      },
    };
    return { client: client as unknown as Client, bodies };
  };

  it('asks one filter aggregation per picked option and keeps the answer for a while', async () => {
    const { client, bodies } = fakeClient([3, 1], 10);
    const counts = new OptionCounts(client, 60_000);
    const options = filterQuery({
      restriction: 'min_1_match',
      tags: { industry: ['Banking', 'Mining'] },
    }).options;
    expect(await counts.read('skillers-teammate', options)).toEqual({ records: 10, perOption: [[3, 1]] });
    expect(bodies).toEqual([
      {
        index: 'skillers-teammate',
        size: 0,
        track_total_hits: true,
        aggs: {
          o0: { filter: { term: { 'tags.industry': 'Banking' } } },
          o1: { filter: { term: { 'tags.industry': 'Mining' } } },
        },
      },
    ]);
    expect(await counts.read('skillers-teammate', options)).toEqual({ records: 10, perOption: [[3, 1]] });
    expect(bodies).toHaveLength(1);
    expect(await counts.read('skillers-teammate', [])).toEqual({ records: 0, perOption: [] });
  });

  it('asks again once the answer is older than its time to live', async () => {
    const { client, bodies } = fakeClient([2], 5);
    const counts = new OptionCounts(client, 0);
    const options = filterQuery({ restriction: 'min_1_match', tags: { locations: ['Chile'] } }).options;
    await counts.read('skillers-project', options);
    await counts.read('skillers-project', options);
    expect(bodies).toHaveLength(2);
  });
});
