/** The `SavedSearchMatcher` the configuration selects: in memory (embedded) or the percolator (cluster). */
export const SAVED_SEARCH_MATCHER = Symbol('SAVED_SEARCH_MATCHER');
