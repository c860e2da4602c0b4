import type { Client } from '@elastic/elasticsearch';
import { elasticsearchPackage } from './elasticsearch-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSearchIndex } from '../open-search-index';
import { describeSearchIndexContract, searchDocument } from '../search-index.contract';
import type { SearchIndex } from '../search-index.port';
import { describeSearchPropertyContract } from '../search-properties.contract';
import { type VectorSpace, vectorSpaceKey } from '../vector-space';
import { searchIndexMappings } from './elasticsearch-mapping';
import { ElasticsearchSearchIndex } from './elasticsearch.search-index';
import { excludesSourceVectors } from './source-vectors';

const url = process.env.ELASTICSEARCH_URL;
const VECTOR_DIMS = 3;

// Elasticsearch cannot run where the default suite runs; `npm run test:cluster` with ELASTICSEARCH_URL set
// runs the same contract and properties as the embedded index against a real cluster.
describe.skipIf(!url)('Elasticsearch adapter (needs ELASTICSEARCH_URL)', () => {
  const indexPrefix = `skillers-test-${Date.now().toString(36)}`;
  const open = () =>
    openSearchIndex({
      elasticsearchUrl: url as string,
      indexPrefix,
      vectorDims: VECTOR_DIMS,
      // Forced refreshes keep the many small writes of the suite quick.
      refreshOnWrite: true,
    });
  const close = async (index: SearchIndex) => {
    const client = new (elasticsearchPackage().Client)({ node: url as string });
    // Clusters refuse wildcard deletes by default (action.destructive_requires_name), so name each index.
    const indices = Object.keys(await client.indices.get({ index: `${indexPrefix}-*` }));
    if (indices.length > 0) await client.indices.delete({ index: indices });
    await client.close();
    await (index as ElasticsearchSearchIndex).close();
  };

  describeSearchIndexContract('elasticsearch', open, { vectorDims: VECTOR_DIMS, close });
  describeSearchPropertyContract('elasticsearch', open, { runs: 60, timeout: 300_000, close });
});

describe.skipIf(!url)('Elasticsearch generations keyed by embedding model (needs ELASTICSEARCH_URL)', () => {
  const indexPrefix = `skillers-test-models-${Date.now().toString(36)}`;
  const OLD: VectorSpace = { model: 'test/old-model', dims: VECTOR_DIMS };
  const NEW: VectorSpace = { model: 'test/new-model', dims: VECTOR_DIMS };
  const warnings: string[] = [];
  const opened: ElasticsearchSearchIndex[] = [];
  const open = async (vectorSpace: VectorSpace) => {
    const index = await ElasticsearchSearchIndex.connect(url as string, {
      indexPrefix,
      vectorSpace,
      refreshOnWrite: true,
      onWarning: (message) => warnings.push(message),
    });
    opened.push(index);
    return index;
  };
  const embedded = (space: VectorSpace, vector: number[]) =>
    searchDocument({ kind: 'project', vector, vectorModel: space.model });

  afterAll(async () => {
    const client = new (elasticsearchPackage().Client)({ node: url as string });
    const indices = Object.keys(await client.indices.get({ index: `${indexPrefix}-*` }));
    if (indices.length > 0) await client.indices.delete({ index: indices });
    await client.close();
    for (const index of opened) await index.close();
  });

  it('never writes or compares vectors of another model than the live generation was built for', async () => {
    const client = new (elasticsearchPackage().Client)({ node: url as string });
    const live = async () => Object.keys(await client.indices.getAlias({ name: `${indexPrefix}-project` }));

    const old = await open(OLD);
    expect(await live()).toEqual([`${indexPrefix}-project-${vectorSpaceKey(OLD)}-initial`]);
    expect(await old.vectorStatus()).toEqual({
      configured: OLD,
      live: { project: OLD, teammate: OLD },
      reindexNeeded: false,
    });
    const before = embedded(OLD, [1, 0, 0]);
    await old.upsert([before]);
    expect((await old.knn('project', [1, 0, 0], 5)).map((hit) => hit.id)).toEqual([before.id]);

    // A process configured with another model: it reports the reindex, and writes no vector meanwhile.
    const fresh = await open(NEW);
    expect(await fresh.vectorStatus()).toMatchObject({ live: { project: OLD }, reindexNeeded: true });
    const during = embedded(NEW, [1, 0, 0]);
    await fresh.upsert([during]);
    expect(await fresh.get(during.id)).not.toHaveProperty('vector');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(
      '"test/old-model" (3 dimensions), not for the configured model "test/new-model"',
    );
    expect(await fresh.knn('project', [1, 0, 0], 5)).toEqual([]);

    // The reindex: a generation named for the new model, swapped in.
    const generation = await fresh.createGeneration();
    await generation.upsert([embedded(NEW, [1, 0, 0]), embedded(OLD, [0, 1, 0])]);
    await generation.swap();
    const [swapped] = await live();
    expect(swapped.startsWith(`${indexPrefix}-project-${vectorSpaceKey(NEW)}-`)).toBe(true);
    expect(await fresh.vectorStatus()).toMatchObject({ reindexNeeded: false });
    // The old model's vector was left out of the new generation.
    expect(await fresh.knn('project', [0, 1, 0], 5)).toHaveLength(1);
    // The old process never compares its queries with the new model's vectors, whatever it last read.
    expect(await old.knn('project', [1, 0, 0], 5)).toEqual([]);
    expect(await old.vectorStatus()).toMatchObject({ live: { project: NEW }, reindexNeeded: true });
    await client.close();
  });
});

describe.skipIf(!url)('Elasticsearch vectors in _source (needs ELASTICSEARCH_URL)', () => {
  const indexPrefix = `skillers-test-vectors-${Date.now().toString(36)}`;
  let client: Client;
  let index: ElasticsearchSearchIndex | undefined;

  beforeAll(() => {
    client = new (elasticsearchPackage().Client)({ node: url as string });
  });
  afterAll(async () => {
    await index?.close();
    const indices = Object.keys(await client.indices.get({ index: `${indexPrefix}-*` }));
    if (indices.length > 0) await client.indices.delete({ index: indices });
    await client.close();
  });

  it('reads vectors back from an index created with the server defaults, as before the setting', async () => {
    // Indices an earlier version of the adapter created: from 9.2 they leave vectors out of `_source`.
    for (const kind of ['project', 'teammate']) {
      await client.indices.create({
        index: `${indexPrefix}-${kind}-legacy`,
        mappings: searchIndexMappings(VECTOR_DIMS),
        aliases: { [`${indexPrefix}-${kind}`]: {} },
      });
    }
    index = await ElasticsearchSearchIndex.connect(url as string, {
      indexPrefix,
      vectorDims: VECTOR_DIMS,
      refreshOnWrite: true,
    });
    const doc = searchDocument({ vector: [1, 2, 3], vectorModel: 'test-model' });
    await index.upsert([doc]);
    const { version } = await client.info();
    const plain = await client.get<{ vector?: number[] }>({ index: `${indexPrefix}-teammate`, id: doc.id });
    // What a read that does not ask for them gets: the reason the adapter asks.
    expect(plain._source?.vector === undefined).toBe(excludesSourceVectors(version.number));
    expect(await index.get(doc.id)).toEqual(doc);
    expect(await index.getMany([doc.id])).toEqual([doc]);
  });

  it('creates its own indices with vectors kept in _source', async () => {
    const fresh = await ElasticsearchSearchIndex.connect(url as string, {
      indexPrefix: `${indexPrefix}-fresh`,
      vectorDims: VECTOR_DIMS,
      refreshOnWrite: true,
    });
    try {
      const doc = searchDocument({ vector: [3, 2, 1], vectorModel: 'test-model' });
      await fresh.upsert([doc]);
      const plain = await client.get<{ vector?: number[] }>({
        index: `${indexPrefix}-fresh-teammate`,
        id: doc.id,
      });
      expect(plain._source?.vector).toEqual([3, 2, 1]);
    } finally {
      await fresh.close();
    }
  });
});
