import type { estypes } from '@elastic/elasticsearch';

/**
 * The data stream analysts open in Kibana; the saved objects in deploy/kibana expect this name. Its index
 * template and lifecycle policy carry the same name.
 */
export const SEARCH_EVENTS_INDEX = 'search-events';

/** How long events are kept after their backing index rolls over, unless an operator edits the policy. */
export const SEARCH_EVENTS_RETENTION = '90d';

/**
 * Explicit and strict, so a field the product did not declare is refused rather than guessed. `filters`
 * is kept whole for reading but not indexed: its values are free text and tool objects whose every key
 * would become a field; `filterKeys` carries what dashboards aggregate on. `top` is a plain object array
 * (not `nested`) because Kibana's visualisations cannot aggregate nested fields; `top.id` and
 * `top.score` are each searchable on their own; `results` likewise. Clicks share the index (`type:
 * click`), so `eventId` finds a search and its clicks together, and `rank` (the ranks a search showed, or
 * the rank a click opened) counts impressions and clicks in one histogram.
 */
export const searchEventsMappings: estypes.MappingTypeMapping = {
  dynamic: 'strict',
  properties: {
    // A data stream routes by `@timestamp`; it holds the same instant as `at`, which Kibana's data view uses.
    '@timestamp': { type: 'date' },
    type: { type: 'keyword' },
    eventId: { type: 'keyword' },
    at: { type: 'date' },
    kind: { type: 'keyword' },
    restriction: { type: 'keyword' },
    filters: { type: 'object', enabled: false },
    filterKeys: { type: 'keyword' },
    activeFilterCount: { type: 'integer' },
    page: { type: 'integer' },
    hits: { type: 'integer' },
    returned: { type: 'keyword' },
    similarityFallback: { type: 'boolean' },
    similarityMode: { type: 'keyword' },
    top: { properties: { id: { type: 'keyword' }, score: { type: 'float' } } },
    results: {
      properties: {
        id: { type: 'keyword' },
        rank: { type: 'integer' },
        fused: { type: 'float' },
        facet: { type: 'float' },
        text: { type: 'float' },
        vector: { type: 'float' },
      },
    },
    rank: { type: 'integer' },
    labels: { type: 'keyword' },
    combination: { type: 'keyword' },
    recordId: { type: 'keyword' },
    latencyMs: { type: 'float' },
    signedIn: { type: 'boolean' },
  },
};

/**
 * Roll the write index over daily (or at 10 GB per primary shard, whichever comes first) and delete each
 * backing index `SEARCH_EVENTS_RETENTION` after its rollover.
 */
export const searchEventsPolicy: estypes.IlmPolicy = {
  phases: {
    hot: { actions: { rollover: { max_age: '1d', max_primary_shard_size: '10gb' } } },
    delete: { min_age: SEARCH_EVENTS_RETENTION, actions: { delete: {} } },
  },
};

/**
 * The index template that makes `name` a data stream: every backing index gets the mapping (the search
 * events', or the invitation events') and the lifecycle policy. Its priority is above the built-in
 * templates' 100, though none of them matches the name.
 */
export const searchEventsTemplate = (
  name: string,
  mappings: estypes.MappingTypeMapping = searchEventsMappings,
): estypes.IndicesPutIndexTemplateRequest => ({
  name,
  index_patterns: [name],
  data_stream: {},
  priority: 200,
  template: {
    settings: { index: { lifecycle: { name } } },
    mappings,
  },
});
