import type { Client } from '@elastic/elasticsearch';
import { elasticsearchPackage } from '@skillers/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ElasticsearchSearchEventSink } from './elasticsearch.search-event-sink';
import type { AnalyticsEvent, SearchEvent } from './search-event';
import { sampleClickEvent, sampleSearchEvent } from './search-event.testing';
import { searchEventsMappings, searchEventsTemplate } from './search-events.mapping';

const url = process.env.ELASTICSEARCH_URL;

describe('Elasticsearch search event sink without a cluster', () => {
  it('starts, and loses events with a warning, when nothing answers', async () => {
    const warnings: string[] = [];
    const sink = await ElasticsearchSearchEventSink.connect('http://127.0.0.1:1', {
      logger: { warn: (message) => warnings.push(message) },
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Could not prepare the search-events index yet \(.+\); trying again/);

    expect(() => sink.record(sampleSearchEvent('2031-05-04T10:00:00.000Z'))).not.toThrow();
    await sink.flush();
    expect(warnings).toHaveLength(2);
    expect(warnings[1]).toMatch(/^Could not record 1 search events \(/);
    await sink.close();
  });
});

// Elasticsearch cannot run where the default suite runs; `npm run test:cluster` with ELASTICSEARCH_URL set
// runs this against a real cluster, in an index of its own.
describe.skipIf(!url)('Elasticsearch search event sink (needs ELASTICSEARCH_URL)', () => {
  const index = `skillers-test-search-events-${Date.now().toString(36)}`;
  const silent = { warn: () => undefined };
  let client: Client;

  beforeAll(() => {
    client = new (elasticsearchPackage().Client)({ node: url as string });
  });
  /** Everything a sink named `name` sets up: the data stream (or plain index), its template and policy. */
  const remove = async (name: string) => {
    await client.indices.deleteDataStream({ name }, { ignore: [404] });
    await client.indices.delete({ index: name, ignore_unavailable: true });
    await client.indices.deleteIndexTemplate({ name }, { ignore: [404] });
    await client.ilm.deleteLifecycle({ name }, { ignore: [404] });
  };
  const mappingOf = async (name: string) => Object.values(await client.indices.getMapping({ index: name }));

  afterAll(async () => {
    await remove(index);
    await remove(`${index}-legacy`);
    await remove(`${index}-older`);
    await client.close();
  });

  it('creates a data stream with its mapping and lifecycle on start, and a second start finds it', async () => {
    const first = await ElasticsearchSearchEventSink.connect(url as string, { index, logger: silent });
    const second = await ElasticsearchSearchEventSink.connect(url as string, { index, logger: silent });
    const { data_streams: streams } = await client.indices.getDataStream({ name: index });
    expect(streams.map((stream) => stream.name)).toEqual([index]);
    expect(streams[0].ilm_policy).toBe(index);
    const policy = await client.ilm.getLifecycle({ name: index });
    expect(policy[index].policy.phases.delete?.min_age).toBe('90d');
    const [{ mappings: mapping }] = await mappingOf(index);
    expect(mapping.dynamic).toBe('strict');
    expect(mapping.properties?.at).toEqual({ type: 'date' });
    expect(mapping.properties?.filters).toEqual({ type: 'object', enabled: false });
    expect(mapping.properties?.filterKeys).toEqual({ type: 'keyword' });
    await first.close();
    await second.close();
  });

  it('appends recorded events in bulk, searchable by their fields', async () => {
    const sink = await ElasticsearchSearchEventSink.connect(url as string, { index, logger: silent });
    const events = [
      sampleSearchEvent('2031-05-04T10:00:00.000Z'),
      sampleSearchEvent('2031-05-04T10:00:01.000Z', {
        hits: 0,
        returned: [],
        top: [],
        results: [],
        rank: [],
        kind: 'teammate',
      }),
      sampleSearchEvent('2031-05-04T10:00:02.000Z', { similarityFallback: true }),
      sampleClickEvent('2031-05-04T10:00:03.000Z'),
    ];
    for (const event of events) sink.record(event);
    await sink.flush();
    await client.indices.refresh({ index });

    const all = await client.search<AnalyticsEvent>({ index, sort: [{ at: 'asc' }], size: 10 });
    expect(all.hits.hits.map((hit) => hit._source)).toEqual(
      events.map((event) => ({ '@timestamp': event.at, ...event })),
    );
    const zeroHits = await client.count({ index, query: { term: { hits: 0 } } });
    expect(zeroHits.count).toBe(1);
    const byFilterKey = await client.count({ index, query: { term: { filterKeys: 'bizOrTech' } } });
    expect(byFilterKey.count).toBe(3);
    const byTopId = await client.count({ index, query: { term: { 'top.id': '64b000000000000000000001' } } });
    expect(byTopId.count).toBe(2);
    const search = await client.count({ index, query: { term: { eventId: events[0].eventId } } });
    expect(search.count).toBe(4);

    const report = await sink.analytics().report({ from: '2031-05-04', to: '2031-05-04' });
    expect(report.totals).toMatchObject({ searches: 2, zeroResults: 1, fallbacks: 1, clicks: 1 });
    expect(report.clickThroughByRank[1]).toEqual({
      rank: 2,
      impressions: 2,
      clicks: 1,
      clickThroughRate: 0.5,
    });
    expect(report.topLabels).toEqual([{ label: 'toolsExperience: React', count: 2 }]);
    await sink.close();
  });

  it('reports refused events as lost instead of throwing', async () => {
    const warnings: string[] = [];
    const sink = await ElasticsearchSearchEventSink.connect(url as string, {
      index,
      logger: { warn: (message) => warnings.push(message) },
    });
    sink.record({ ...sampleSearchEvent('2031-05-04T11:00:00.000Z'), undeclared: true } as SearchEvent);
    await sink.flush();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Could not record 1 search events \(1 of 1 refused by /);
    await sink.close();
  });

  it('adds the fields of a new version to a stream an older version created, so appends keep working', async () => {
    const older = `${index}-older`;
    // What an older version left: a stream whose strict mapping lacks `similarityMode`.
    const { similarityMode: _missing, ...olderProperties } = searchEventsMappings.properties ?? {};
    const olderTemplate = searchEventsTemplate(older);
    await client.indices.putIndexTemplate({
      ...olderTemplate,
      template: { mappings: { ...searchEventsMappings, properties: olderProperties } },
    });
    await client.indices.createDataStream({ name: older });

    const warnings: string[] = [];
    const sink = await ElasticsearchSearchEventSink.connect(url as string, {
      index: older,
      logger: { warn: (message) => warnings.push(message) },
    });
    sink.record(
      sampleSearchEvent('2031-05-04T12:00:00.000Z', { similarityFallback: true, similarityMode: 'lexical' }),
    );
    await sink.flush();
    expect(warnings).toEqual([]);
    await client.indices.refresh({ index: older });
    expect((await client.count({ index: older, query: { term: { similarityMode: 'lexical' } } })).count).toBe(
      1,
    );
    await sink.close();
  });

  it('keeps writing into a plain index left by an earlier version, with the new fields, and warns once', async () => {
    const legacy = `${index}-legacy`;
    const {
      ['@timestamp']: _timestamp,
      similarityMode: _mode,
      ...olderProperties
    } = searchEventsMappings.properties ?? {};
    await client.indices.create({
      index: legacy,
      mappings: { dynamic: 'strict', properties: olderProperties },
    });
    const warnings: string[] = [];
    const sink = await ElasticsearchSearchEventSink.connect(url as string, {
      index: legacy,
      logger: { warn: (message) => warnings.push(message) },
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('is a plain index from an earlier version');
    sink.record(sampleSearchEvent('2031-05-04T13:00:00.000Z', { similarityMode: 'semantic' }));
    await sink.flush();
    expect(warnings).toHaveLength(1);
    await client.indices.refresh({ index: legacy });
    expect((await client.count({ index: legacy })).count).toBe(1);
    await sink.close();
  });
});
