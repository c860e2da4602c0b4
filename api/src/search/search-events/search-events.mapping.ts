import type { estypes } from '@elastic/elasticsearch';

/** The index analysts open in Kibana; the saved objects in deploy/kibana expect this name. */
export const SEARCH_EVENTS_INDEX = 'search-events';

/**
 * Explicit and strict, so a field the product did not declare is refused rather than guessed. `filters`
 * is kept whole for reading but not indexed: its values are free text and tool objects whose every key
 * would become a field; `filterKeys` carries what dashboards aggregate on. `top` is a plain object array
 * (not `nested`) because Kibana's visualisations cannot aggregate nested fields; `top.id` and
 * `top.score` are each searchable on their own.
 */
export const searchEventsMappings: estypes.MappingTypeMapping = {
  dynamic: 'strict',
  properties: {
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
    latencyMs: { type: 'float' },
    signedIn: { type: 'boolean' },
  },
};
