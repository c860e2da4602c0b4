import { afterEach, describe, expect, it } from 'vitest';
import {
  type FakeAnswer,
  type FakeElasticsearch,
  type RecordedRequest,
  startFakeElasticsearch,
} from '../../../libs/search/src/elasticsearch/fake-elasticsearch.testing';
import { ElasticsearchSearchEventSink } from './elasticsearch.search-event-sink';
import type { InvitationEvent } from './invitation-event';
import { invitationEventsMappings } from './invitation-events.mapping';
import { searchEventsMappings } from './search-events.mapping';
import { sampleSearchEvent } from './search-event.testing';

// The requests the sink sends, checked against a recording server that answers like Elasticsearch; the
// real cluster runs elasticsearch.search-event-sink.spec.ts with ELASTICSEARCH_URL set.
const notFound: FakeAnswer = { status: 404, body: { error: { type: 'resource_not_found_exception' } } };

/**
 * A cluster where the policy, the data stream and a plain index of that name each exist or not; the
 * invitation events' policy and stream exist or not alike.
 */
const cluster =
  (state: { policy: boolean; dataStream: boolean; plainIndex: boolean }) =>
  (request: RecordedRequest): FakeAnswer | undefined => {
    const { method, path } = request;
    const [, name] = /^\/_(?:ilm\/policy|data_stream)\/(search-events|invitation-events)$/.exec(path) ?? [];
    if (method === 'GET' && path === `/_ilm/policy/${name}`) {
      return state.policy ? { body: { [name]: { policy: {} } } } : notFound;
    }
    if (method === 'GET' && path === `/_data_stream/${name}`) {
      return state.dataStream ? { body: { data_streams: [{ name }] } } : notFound;
    }
    if (method === 'HEAD' && path === '/search-events') {
      return { status: state.dataStream || state.plainIndex ? 200 : 404 };
    }
    return undefined;
  };

describe('search events on Elasticsearch: requests', () => {
  let server: FakeElasticsearch | undefined;
  let sink: ElasticsearchSearchEventSink | undefined;
  const warnings: string[] = [];
  const open = async (state: Parameters<typeof cluster>[0]) => {
    warnings.length = 0;
    server = await startFakeElasticsearch('9.4.1', cluster(state));
    sink = await ElasticsearchSearchEventSink.connect(server.url, {
      logger: { warn: (message) => warnings.push(message) },
    });
    return server;
  };
  const calls = (fake: FakeElasticsearch) =>
    fake.requests.map((request) => `${request.method} ${request.path}`);
  afterEach(async () => {
    await sink?.close();
    await server?.close();
    sink = undefined;
    server = undefined;
  });

  it('on a new cluster: creates the lifecycle policy, the template and the data stream', async () => {
    const fake = await open({ policy: false, dataStream: false, plainIndex: false });
    expect(calls(fake)).toEqual([
      'GET /_ilm/policy/search-events',
      'PUT /_ilm/policy/search-events',
      'PUT /_index_template/search-events',
      'GET /_data_stream/search-events',
      'HEAD /search-events',
      'PUT /_data_stream/search-events',
      'GET /_ilm/policy/invitation-events',
      'PUT /_ilm/policy/invitation-events',
      'PUT /_index_template/invitation-events',
      'GET /_data_stream/invitation-events',
      'PUT /_data_stream/invitation-events',
    ]);
    const [invitationTemplate] = fake.sent('PUT', '/_index_template/invitation-events');
    expect(invitationTemplate.body).toMatchObject({
      index_patterns: ['invitation-events'],
      data_stream: {},
      template: {
        settings: { index: { lifecycle: { name: 'invitation-events' } } },
        mappings: invitationEventsMappings,
      },
    });
    const [policy] = fake.sent('PUT', '/_ilm/policy/search-events');
    expect(policy.body).toEqual({
      policy: {
        phases: {
          hot: { actions: { rollover: { max_age: '1d', max_primary_shard_size: '10gb' } } },
          delete: { min_age: '90d', actions: { delete: {} } },
        },
      },
    });
    const [template] = fake.sent('PUT', '/_index_template/search-events');
    expect(template.body).toEqual({
      index_patterns: ['search-events'],
      data_stream: {},
      priority: 200,
      template: {
        settings: { index: { lifecycle: { name: 'search-events' } } },
        mappings: searchEventsMappings,
      },
    });
    expect(warnings).toEqual([]);
  });

  it('on a running cluster: keeps the policy as an operator left it and adds new fields to the stream', async () => {
    const fake = await open({ policy: true, dataStream: true, plainIndex: false });
    expect(fake.sent('PUT', '/_ilm/policy/search-events')).toEqual([]);
    expect(fake.sent('PUT', '/_data_stream/search-events')).toEqual([]);
    const [mapping] = fake.sent('PUT', '/search-events/_mapping');
    expect(mapping.body).toEqual({
      dynamic: 'strict',
      properties: searchEventsMappings.properties,
    });
    expect(mapping.body).toHaveProperty('properties.similarityMode', { type: 'keyword' });
    expect(mapping.body).toHaveProperty('properties.@timestamp', { type: 'date' });
    const [invitationMapping] = fake.sent('PUT', '/invitation-events/_mapping');
    expect(invitationMapping.body).toEqual({
      dynamic: 'strict',
      properties: invitationEventsMappings.properties,
    });
  });

  it('on a plain index from an earlier version: maps the new fields there too, and says how to move it', async () => {
    const fake = await open({ policy: true, dataStream: false, plainIndex: true });
    expect(fake.sent('PUT', '/search-events/_mapping')).toHaveLength(1);
    expect(fake.sent('PUT', '/_data_stream/search-events')).toEqual([]);
    expect(warnings).toEqual([
      'search-events is a plain index from an earlier version: events keep going into it, without rollover ' +
        'or retention, until it is moved into a data stream (docs/cluster.md, "Search events")',
    ]);
  });

  it('appends events with create actions, each with @timestamp set to its time', async () => {
    const fake = await open({ policy: true, dataStream: true, plainIndex: false });
    const event = sampleSearchEvent('2031-05-04T10:00:00.000Z', {
      similarityFallback: true,
      similarityMode: 'lexical',
    });
    sink?.record(event);
    await sink?.flush();
    const [bulk] = fake.sent('POST', '/_bulk');
    expect(bulk.body).toEqual([
      { create: { _index: 'search-events' } },
      { '@timestamp': '2031-05-04T10:00:00.000Z', ...event },
    ]);
  });

  it('appends invitation events to their own data stream, beside the search events of the same batch', async () => {
    const fake = await open({ policy: true, dataStream: true, plainIndex: false });
    const search = sampleSearchEvent('2031-05-04T10:00:00.000Z');
    const invitation: InvitationEvent = {
      type: 'invitation',
      invitationId: '64b0000000000000000000a1',
      outcome: 'accepted',
      at: '2031-05-04T10:00:01.000Z',
      direction: 'ask',
      reciprocalScore: 0.72,
      matchRank: 4,
    };
    sink?.record(search);
    sink?.record(invitation);
    await sink?.flush();
    const [bulk] = fake.sent('POST', '/_bulk');
    expect(bulk.body).toEqual([
      { create: { _index: 'search-events' } },
      { '@timestamp': search.at, ...search },
      { create: { _index: 'invitation-events' } },
      { '@timestamp': invitation.at, ...invitation },
    ]);
  });

  it('counts only the events the cluster refused as lost when it stored the rest of a batch', async () => {
    warnings.length = 0;
    server = await startFakeElasticsearch('9.4.1', (request) => {
      if (!request.path.endsWith('/_bulk'))
        return cluster({ policy: true, dataStream: true, plainIndex: false })(request);
      const created = { create: { _index: 'search-events', status: 201, result: 'created' } };
      const refused = {
        create: {
          _index: 'search-events',
          status: 400,
          error: { type: 'document_parsing_exception', reason: 'bad' },
        },
      };
      const lines = (request.body as unknown[]).length / 2;
      // The first write stores two of three; the next one everything.
      const items =
        server?.sent('POST', '/_bulk').length === 1
          ? [created, refused, created]
          : Array(lines).fill(created);
      return { body: { errors: items.some((item) => 'error' in item.create), took: 1, items } };
    });
    sink = await ElasticsearchSearchEventSink.connect(server.url, {
      logger: { warn: (message) => warnings.push(message) },
    });
    for (let n = 0; n < 3; n++) sink.record(sampleSearchEvent('2031-05-04T10:00:00.000Z'));
    await sink.flush();
    sink.record(sampleSearchEvent('2031-05-04T10:01:00.000Z'));
    await sink.flush();
    expect(warnings).toEqual([
      expect.stringMatching(
        /^Could not record 1 search events \(1 of 3 refused by search-events: document_parsing_exception: bad\)/,
      ),
      'Recording search events again; 1 were lost while writes failed',
    ]);
  });
});
