import { describe, expect, it } from 'vitest';
import { searchDocument } from '../search-index.contract';
import { PartialWriteError } from '../search-index.port';
import { toSource } from './elasticsearch-mapping';
import { type FakeAnswer, type RecordedRequest, adapterPerTest } from './fake-elasticsearch.testing';
import { DEFAULT_MAX_RETRIES, elasticsearchPackage } from './elasticsearch-client';
import { excludesSourceVectors, searchIndexSettings, sourceFilter } from './source-vectors';

// The request bodies the adapter sends, checked against a recording server that answers like Elasticsearch:
// the real cluster runs the shared contract (`npm run test:cluster` with ELASTICSEARCH_URL set).
const PREFIX = 'skillers-body';
const stored = searchDocument({ kind: 'project', vector: [0.5, 0.25, 1], vectorModel: 'test-model' });

interface MgetDoc {
  _index: string;
  _id: string;
  _source: unknown;
}

/** Answers a multi-get as a cluster holding `docs` whose sources include their vectors. */
const mgetAnswer = (request: RecordedRequest): FakeAnswer | undefined => {
  if (!request.path.endsWith('/_mget')) return undefined;
  const asked = (request.body as { docs: MgetDoc[] }).docs;
  return {
    body: {
      docs: asked.map(({ _index, _id }) =>
        _id === stored.id && _index === `${PREFIX}-project`
          ? { _index, _id, found: true, _source: toSource(stored) }
          : { _index, _id, found: false },
      ),
    },
  };
};

describe('Elasticsearch request bodies', () => {
  const openAdapter = adapterPerTest();
  const open = (
    version: string,
    answer: (request: RecordedRequest) => FakeAnswer | undefined = mgetAnswer,
    refreshOnWrite?: false,
  ) => openAdapter(version, answer, { indexPrefix: PREFIX, vectorDims: 3, refreshOnWrite });

  it('knows which servers leave vectors out of _source', () => {
    expect(excludesSourceVectors('9.2.0')).toBe(true);
    expect(excludesSourceVectors('9.4.1')).toBe(true);
    expect(excludesSourceVectors('10.0.0')).toBe(true);
    expect(excludesSourceVectors('9.1.5')).toBe(false);
    expect(excludesSourceVectors('8.19.0')).toBe(false);
    expect(searchIndexSettings('9.1.5')).toEqual({});
    expect(sourceFilter(true)).toBe(true);
    expect(sourceFilter(false)).toEqual({ excludes: ['vector'] });
  });

  describe('on Elasticsearch 9.2 and later', () => {
    it('creates search indices that keep vectors in _source', async () => {
      const { server } = await open('9.4.1', (request) =>
        request.method === 'HEAD' ? { status: 404 } : mgetAnswer(request),
      );
      const created = server.requests.filter(
        (request) => request.method === 'PUT' && request.path.startsWith(`/${PREFIX}-`),
      );
      expect(created.map((request) => request.path)).toEqual([
        `/${PREFIX}-project-initial`,
        `/${PREFIX}-teammate-initial`,
      ]);
      for (const request of created) {
        expect(request.body).toMatchObject({
          settings: { 'index.mapping.exclude_source_vectors': false },
          mappings: { properties: { vector: { type: 'dense_vector', dims: 3 } } },
        });
      }
    });

    it('also keeps vectors in the _source of a reindex generation', async () => {
      const { index, server } = await open('9.4.1');
      await index.createGeneration();
      const created = server.requests.filter(
        (request) =>
          request.method === 'PUT' &&
          request.path.startsWith(`/${PREFIX}-`) &&
          !request.path.endsWith('/_mapping'),
      );
      expect(created).toHaveLength(2);
      for (const request of created) {
        expect(request.body).toMatchObject({ settings: { 'index.mapping.exclude_source_vectors': false } });
      }
    });

    it('adds the freshness, version and wanted-hours fields to the mapping of indices created before them', async () => {
      const { server } = await open('9.4.1');
      const mappings = server.requests.filter(
        (request) => request.method === 'PUT' && request.path.endsWith('/_mapping'),
      );
      expect(mappings.map((request) => request.path).sort()).toEqual([
        `/${PREFIX}-project/_mapping`,
        `/${PREFIX}-teammate/_mapping`,
      ]);
      for (const request of mappings) {
        expect(request.body).toEqual({
          properties: {
            lastActiveAt: { type: 'date' },
            openUntil: { type: 'date' },
            version: { type: 'long', index: false },
            wantedHours: { properties: { from: { type: 'double' }, to: { type: 'double' } } },
          },
        });
      }
    });

    // What a multi-get may carry, from the API specification (elastic/elasticsearch-specification,
    // specification/_global/mget/MultiGetRequest.ts and mget/types.ts): per document `_id`, `_index`,
    // `routing`, `_source`, `stored_fields`, `version`, `version_type`; no `_source_exclude_vectors` query
    // parameter, which get/GetRequest.ts and search/SearchRequest.ts alone define. The server's multi-get
    // parser takes only `includes`/`excludes` inside a document's `_source`, so vectors come back through
    // the index setting `index.mapping.exclude_source_vectors: false` and a plain `_source: true`.
    it('reads a document with its vectors through a multi-get body the API defines', async () => {
      const { index, server } = await open('9.4.1');
      expect(await index.get(stored.id)).toEqual(stored);
      const [mget] = server.sent('POST', '/_mget');
      expect(mget.body).toEqual({
        docs: [
          { _index: `${PREFIX}-project`, _id: stored.id, _source: true },
          { _index: `${PREFIX}-teammate`, _id: stored.id, _source: true },
        ],
      });
      expect([...mget.query.keys()]).toEqual([]);
      const operationFields = [
        '_id',
        '_index',
        'routing',
        '_source',
        'stored_fields',
        'version',
        'version_type',
      ];
      for (const doc of (mget.body as { docs: MgetDoc[] }).docs) {
        for (const field of Object.keys(doc)) expect(operationFields).toContain(field);
      }
    });

    it('reads many documents in one multi-get, in the order asked, vectors left out when not wanted', async () => {
      const { index, server } = await open('9.4.1');
      const missing = 'a'.repeat(24);
      expect(await index.getMany([missing, stored.id, missing])).toEqual([null, stored, null]);
      expect(server.sent('POST', '/_mget')).toHaveLength(1);
      await index.getMany([stored.id], { vectors: false });
      const [, withoutVectors] = server.sent('POST', '/_mget');
      for (const doc of (withoutVectors.body as { docs: MgetDoc[] }).docs) {
        expect(doc._source).toEqual({ excludes: ['vector'] });
      }
      expect(await index.getMany([])).toEqual([]);
      expect(server.sent('POST', '/_mget')).toHaveLength(2);
    });

    it('splits a long list into multi-gets of a thousand ids', async () => {
      const { index, server } = await open('9.4.1');
      const ids = Array.from({ length: 2500 }, (_, n) => n.toString(16).padStart(24, '0'));
      const docs = await index.getMany(ids, { vectors: false });
      expect(docs).toHaveLength(2500);
      const sizes = server
        .sent('POST', '/_mget')
        .map((request) => (request.body as { docs: [] }).docs.length);
      expect(sizes).toEqual([2000, 2000, 1000]);
    });
  });

  describe('before 9.2', () => {
    it('sends neither the setting nor the request flag, which older servers refuse', async () => {
      const { index, server } = await open('9.1.0', (request) =>
        request.method === 'HEAD' ? { status: 404 } : mgetAnswer(request),
      );
      const created = server.requests.filter((request) => request.method === 'PUT');
      expect(created).toHaveLength(2);
      for (const request of created) expect(request.body).not.toHaveProperty('settings.index');
      expect(JSON.stringify(created.map((request) => request.body))).not.toContain('exclude_source_vectors');
      expect(await index.get(stored.id)).toEqual(stored);
      const [mget] = server.sent('POST', '/_mget');
      for (const doc of (mget.body as { docs: MgetDoc[] }).docs) expect(doc._source).toBe(true);
    });
  });

  describe('writes', () => {
    it('upserts a batch in one bulk request, without waiting for a refresh when told not to', async () => {
      const { index, server } = await open('9.4.1', undefined, false);
      const docs = [stored, searchDocument(), searchDocument()];
      await index.upsert(docs);
      await index.remove([docs[1].id]);
      const [upsert, remove] = server.sent('POST', '/_bulk');
      expect(upsert.query.get('refresh')).toBe('false');
      expect(remove.query.get('refresh')).toBe('false');
      const lines = upsert.body as object[];
      // Per document: out of the other kind's index, then into its own.
      expect(lines).toHaveLength(docs.length * 3);
      expect(lines.slice(0, 3)).toEqual([
        { delete: { _index: `${PREFIX}-teammate`, _id: stored.id } },
        { index: { _index: `${PREFIX}-project`, _id: stored.id } },
        toSource(stored),
      ]);
      expect(remove.body).toEqual([
        { delete: { _index: `${PREFIX}-project`, _id: docs[1].id } },
        { delete: { _index: `${PREFIX}-teammate`, _id: docs[1].id } },
      ]);
    });

    // The bulk action's fields, from the API specification (elastic/elasticsearch-specification,
    // specification/_global/bulk/types.ts `OperationBase`: `_id`, `_index`, `routing`, `if_primary_term`,
    // `if_seq_no`, `version`, `version_type`; `VersionType` in specification/_types/common.ts has
    // `external_gte`).
    it('writes a versioned document with its version as an external one, external_gte', async () => {
      const { index, server } = await open('9.4.1');
      const versioned = searchDocument({ version: Date.parse('2031-05-04T10:00:00.000Z') });
      await index.upsert([versioned]);
      const generation = await index.createGeneration();
      await generation.upsert([versioned]);
      const [live, built] = server.sent('POST', '/_bulk');
      for (const { body } of [live, built]) {
        const [remove, action, source] = body as [object, { index: Record<string, unknown> }, object];
        expect(remove).toEqual({ delete: expect.not.objectContaining({ version: expect.anything() }) });
        expect(action.index).toMatchObject({
          _id: versioned.id,
          version: versioned.version,
          version_type: 'external_gte',
        });
        const actionFields = [
          '_id',
          '_index',
          'routing',
          'if_primary_term',
          'if_seq_no',
          'version',
          'version_type',
        ];
        for (const field of Object.keys(action.index)) expect(actionFields).toContain(field);
        expect(source).toEqual(toSource(versioned));
      }
      // An unversioned document is written as before.
      await index.upsert([stored]);
      const [, , unversioned] = server.sent('POST', '/_bulk');
      expect((unversioned.body as object[])[1]).toEqual({
        index: { _index: `${PREFIX}-project`, _id: stored.id },
      });
    });

    it('takes a version conflict as the newer document standing, not as a failed write', async () => {
      const older = searchDocument({ version: 1_000 });
      const { index } = await open('9.4.1', (request) =>
        request.path.endsWith('/_bulk')
          ? {
              body: {
                errors: true,
                took: 1,
                items: [
                  {
                    delete: { _index: `${PREFIX}-project`, _id: older.id, status: 404, result: 'not_found' },
                  },
                  {
                    index: {
                      _index: `${PREFIX}-teammate`,
                      _id: older.id,
                      status: 409,
                      error: {
                        type: 'version_conflict_engine_exception',
                        reason: `[${older.id}]: version conflict, current version [2000] is higher than or equal to the one provided [1000]`,
                      },
                    },
                  },
                ],
              },
            }
          : mgetAnswer(request),
      );
      await expect(index.upsert([older])).resolves.toBeUndefined();
    });

    it('names the documents a bulk request refused', async () => {
      const refused = searchDocument();
      const { index } = await open('9.4.1', (request) =>
        request.path.endsWith('/_bulk')
          ? {
              body: {
                errors: true,
                took: 1,
                items: [
                  {
                    delete: {
                      _index: `${PREFIX}-project`,
                      _id: refused.id,
                      status: 404,
                      result: 'not_found',
                    },
                  },
                  {
                    index: {
                      _index: `${PREFIX}-teammate`,
                      _id: refused.id,
                      status: 400,
                      error: { type: 'document_parsing_exception', reason: 'bad field' },
                    },
                  },
                ],
              },
            }
          : mgetAnswer(request),
      );
      const failure = await index.upsert([refused]).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(PartialWriteError);
      expect(failure).toMatchObject({
        failedIds: [refused.id],
        message: 'Search index write failed for 1 document(s): document_parsing_exception: bad field',
      });
    });

    it('waits for the next refresh by default', async () => {
      const { index, server } = await open('9.4.1');
      await index.upsert([stored]);
      expect(server.sent('POST', '/_bulk')[0].query.get('refresh')).toBe('wait_for');
    });
  });

  describe('a stalled or failing cluster', () => {
    // Client 9 sets no request timeout and retries a request 3 times by default; it never retries a timed-out
    // one (`retryOnTimeout` is off), as Elasticsearch's timeout guidance advises.
    it('fails pings and writes after the request timeout instead of hanging', async () => {
      let stalled = false;
      const { index, server } = await openAdapter(
        '9.4.1',
        (request) => (stalled ? { stall: true } : mgetAnswer(request)),
        { indexPrefix: PREFIX, vectorDims: 3, requestTimeoutMs: 200 },
      );
      stalled = true;
      const before = server.requests.length;
      expect(await index.isReady()).toBe(false);
      await expect(index.upsert([stored])).rejects.toBeInstanceOf(elasticsearchPackage().errors.TimeoutError);
      expect(server.requests.slice(before).map((request) => `${request.method} ${request.path}`)).toEqual([
        'HEAD /',
        'POST /_bulk',
      ]);
    });

    it(`retries a request the cluster could not serve ${DEFAULT_MAX_RETRIES} time(s), then fails`, async () => {
      const { index, server } = await open('9.4.1', (request) =>
        request.path.endsWith('/_bulk')
          ? { status: 503, body: { error: { type: 'unavailable_shards_exception' } } }
          : mgetAnswer(request),
      );
      await expect(index.upsert([stored])).rejects.toBeInstanceOf(
        elasticsearchPackage().errors.ResponseError,
      );
      expect(server.sent('POST', '/_bulk')).toHaveLength(1 + DEFAULT_MAX_RETRIES);
    });
  });
});
