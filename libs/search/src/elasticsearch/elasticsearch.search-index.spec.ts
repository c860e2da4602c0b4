import { Client } from '@elastic/elasticsearch';
import { describe } from 'vitest';
import { describeSearchIndexContract } from '../search-index.contract';
import type { SearchIndex } from '../search-index.port';
import { describeSearchPropertyContract } from '../search-properties.contract';
import { ElasticsearchSearchIndex } from './elasticsearch.search-index';

const url = process.env.ELASTICSEARCH_URL;
const VECTOR_DIMS = 3;

// Elasticsearch cannot run where the default suite runs; `npm run test:cluster` with ELASTICSEARCH_URL set
// runs the same contract and properties as the embedded index against a real cluster.
describe.skipIf(!url)('Elasticsearch adapter (needs ELASTICSEARCH_URL)', () => {
  const indexPrefix = `skillers-test-${Date.now().toString(36)}`;
  const open = () =>
    ElasticsearchSearchIndex.connect(url as string, {
      indexPrefix,
      vectorDims: VECTOR_DIMS,
      // Forced refreshes keep the many small writes of the suite quick.
      refreshOnWrite: true,
    });
  const close = async (index: SearchIndex) => {
    const client = new Client({ node: url as string });
    // Clusters refuse wildcard deletes by default (action.destructive_requires_name), so name each index.
    const indices = Object.keys(await client.indices.get({ index: `${indexPrefix}-*` }));
    if (indices.length > 0) await client.indices.delete({ index: indices });
    await client.close();
    await (index as ElasticsearchSearchIndex).close();
  };

  describeSearchIndexContract('elasticsearch', open, { vectorDims: VECTOR_DIMS, close });
  describeSearchPropertyContract('elasticsearch', open, { runs: 60, timeout: 300_000, close });
});
