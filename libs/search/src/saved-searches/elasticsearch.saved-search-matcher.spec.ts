import { elasticsearchPackage } from '../elasticsearch/elasticsearch-client';
import { describe } from 'vitest';
import { ElasticsearchSavedSearchMatcher } from './elasticsearch.saved-search-matcher';
import { describeSavedSearchMatcherContract } from './saved-search-matcher.contract';

const url = process.env.ELASTICSEARCH_URL;

// Elasticsearch cannot run where the default suite runs; `npm run test:cluster` with ELASTICSEARCH_URL set
// runs the same contract as the in-memory matcher against a real cluster's percolator.
describe.skipIf(!url)('Elasticsearch percolator (needs ELASTICSEARCH_URL)', () => {
  const indexPrefix = `skillers-test-percolator-${Date.now().toString(36)}`;
  describeSavedSearchMatcherContract('elasticsearch', async () => {
    const matcher = await ElasticsearchSavedSearchMatcher.connect(url as string, { indexPrefix });
    return Object.assign(matcher, {
      close: async () => {
        const client = new (elasticsearchPackage().Client)({ node: url as string });
        await client.indices.delete({ index: matcher.index });
        await client.close();
        await ElasticsearchSavedSearchMatcher.prototype.close.call(matcher);
      },
    });
  });
});
