import { describe, expect, it, vi } from 'vitest';
import { searchDocument } from '../search-index.contract';
import { toolLevelToken } from '../tool-level-tokens';
import { LABELS_COUNTED_MAX } from './label-counts';
import { type FakeAnswer, type RecordedRequest, adapterPerTest } from './fake-elasticsearch.testing';

// The label counts' requests, checked against a recording server; the real cluster runs the shared contract.
const PREFIX = 'skillers-labels';
const SEARCH_PATH = `/${PREFIX}-teammate/_search`;

/** An answer to the label counts of the teammates, `icelanders` of them in Iceland. */
const countsAnswer = (icelanders: number) => ({
  aggregations: {
    locations: {
      buckets: [
        { key: 'Iceland', doc_count: icelanders },
        { key: 'Norway', doc_count: 1 },
      ],
    },
    tools: { buckets: [{ key: toolLevelToken('Rust', 1), doc_count: 1 }] },
    workingType: { buckets: { Remote: { doc_count: 1 }, Office: { doc_count: 0 } } },
  },
});

describe('Elasticsearch label counts', () => {
  const openAdapter = adapterPerTest();
  /** Answers the label counts, with one more Iceland profile at each request. */
  const open = (labelCountsTtlMs?: number) => {
    let icelanders = 1;
    const answer = (request: RecordedRequest): FakeAnswer | undefined =>
      request.path === SEARCH_PATH ? { body: countsAnswer(++icelanders) } : undefined;
    return openAdapter('9.2.0', answer, { indexPrefix: PREFIX, vectorDims: 3, labelCountsTtlMs });
  };

  it('counts every label of a kind in one aggregation request, asked again only after a write', async () => {
    const { index, server } = await open();
    const counts = await index.labelCounts('teammate');
    expect(counts.locations).toEqual({ Iceland: 2, Norway: 1 });
    expect(counts.tools).toEqual({ Rust: 1 });
    expect(counts.workingType).toEqual({ Remote: 1 });
    expect(counts.hardSkills).toEqual({});
    const [asked] = server.sent('POST', SEARCH_PATH);
    expect(asked.body).toMatchObject({
      size: 0,
      aggs: {
        locations: { terms: { field: 'tags.locations', size: LABELS_COUNTED_MAX } },
        tools: { terms: { field: 'toolTokens', size: LABELS_COUNTED_MAX } },
      },
    });

    await index.labelCounts('teammate');
    expect(server.sent('POST', SEARCH_PATH)).toHaveLength(1);
    await index.upsert([searchDocument()]);
    await index.labelCounts('teammate');
    expect(server.sent('POST', SEARCH_PATH)).toHaveLength(2);
  });

  it('answers the counts it holds once they are old, and refreshes them in the background', async () => {
    const { index } = await open(0);
    const first = await index.labelCounts('teammate');
    expect(first.locations).toEqual({ Iceland: 2, Norway: 1 });
    // The read does not wait for the refresh it starts.
    expect(await index.labelCounts('teammate')).toBe(first);
    await vi.waitFor(async () =>
      expect((await index.labelCounts('teammate')).locations).toEqual({ Iceland: 3, Norway: 1 }),
    );
  });
});
