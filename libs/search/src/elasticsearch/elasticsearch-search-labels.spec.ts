import { labelsOf } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { searchDocument, searchQuery } from '../search-index.contract';
import type { ElasticsearchSearchIndex } from './elasticsearch.search-index';
import { toSource } from './elasticsearch-mapping';
import {
  adapterPerBlock,
  type FakeAnswer,
  type FakeElasticsearch,
  type RecordedRequest,
} from './fake-elasticsearch.testing';

/* The labels of the page's documents handed back with the search, from its hits' source, against the same stand-in. */
describe('Elasticsearch search with the labels asked for', () => {
  let server: FakeElasticsearch;
  let index: ElasticsearchSearchIndex;
  const stored = [
    searchDocument({ text: 'Rust compilers', tags: { industry: ['Banking'] }, toolLevels: { Rust: 2 } }),
    searchDocument({ text: 'Design systems', numbers: { availability: 10 }, workingTypeRemote: true }),
  ];

  const answer = (request: RecordedRequest): FakeAnswer | undefined => {
    if (!request.path.endsWith('/_search')) return undefined;
    if ((request.body as { size?: number }).size === 0)
      return { body: { hits: { total: { value: 2, relation: 'eq' }, hits: [] }, aggregations: {} } };
    const hits = stored.map((doc) => {
      // As the search asked: the label fields of the source, and its text with free text.
      const { tags, toolLevels, workingTypeRemote, workingTypeOffice, text } = toSource(doc);
      const asked = (request.body as { _source: string[] })._source;
      const source = {
        tags,
        toolLevels,
        workingTypeRemote,
        workingTypeOffice,
        ...(asked.includes('text') && { text }),
      };
      return { _id: doc.id, _score: 0, _source: source, matched_queries: {} };
    });
    return { body: { hits: { total: { value: 2, relation: 'eq' }, hits } } };
  };

  adapterPerBlock(answer, (connected) => ({ server, index } = connected));

  const rankedRequest = () =>
    server.requests.find(
      (request) =>
        request.path === '/skillers-teammate/_search' && (request.body as { size: number }).size > 0,
    );

  it("asks for each hit's label fields only and reads the labels from them", async () => {
    server.requests.length = 0;
    const result = await index.search(searchQuery({ tags: { industry: ['Banking'] } }), { labels: true });
    expect(rankedRequest()?.body).toMatchObject({
      _source: ['tags', 'toolLevels', 'workingTypeRemote', 'workingTypeOffice'],
    });
    expect(result.ids).toEqual(stored.map((doc) => doc.id));
    expect(result.labels).toEqual(stored.map(labelsOf));
  });

  it('asks for the text beside the labels when there is free text', async () => {
    server.requests.length = 0;
    await index.search(searchQuery({ tags: { industry: ['Banking'] }, text: 'rust' }), { labels: true });
    expect(rankedRequest()?.body).toMatchObject({
      _source: ['tags', 'toolLevels', 'workingTypeRemote', 'workingTypeOffice', 'text'],
    });
  });
});
