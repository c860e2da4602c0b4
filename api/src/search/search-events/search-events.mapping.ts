import type { estypes } from '@elastic/elasticsearch';

/** The index analysts open in Kibana; the saved objects in deploy/kibana expect this name. */
export const SEARCH_EVENTS_INDEX = 'search-events';

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
