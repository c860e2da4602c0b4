import type { SearchEvent } from './search-event';

/** A complete event for sink tests; `at` decides the day file it lands in. */
export const sampleSearchEvent = (at: string, overrides: Partial<SearchEvent> = {}): SearchEvent => ({
  at,
  kind: 'project',
  restriction: 'min_1_match',
  filters: { toolsExperience: [{ tool: 'React', mep: 3 }], locations: [], bizOrTech: 40 },
  filterKeys: ['toolsExperience', 'bizOrTech'],
  activeFilterCount: 2,
  page: 1,
  hits: 2,
  returned: ['64b000000000000000000001', '64b000000000000000000002'],
  similarityFallback: false,
  top: [
    { id: '64b000000000000000000001', score: 2 },
    { id: '64b000000000000000000002', score: 1 },
  ],
  latencyMs: 3.4,
  signedIn: false,
  ...overrides,
});
