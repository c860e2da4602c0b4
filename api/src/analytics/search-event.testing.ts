import type { ClickEvent, SearchEvent } from './search-event';

/** A complete event for sink tests; `at` decides the day file it lands in. */
export const sampleSearchEvent = (at: string, overrides: Partial<SearchEvent> = {}): SearchEvent => ({
  type: 'search',
  eventId: '0b6f3c1e-6a3e-4d47-9a43-2f1c6d1e0a01',
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
  results: [
    { id: '64b000000000000000000001', rank: 1, fused: 2, facet: 2 },
    { id: '64b000000000000000000002', rank: 2, fused: 1, facet: 1 },
  ],
  rank: [1, 2],
  labels: ['toolsExperience: React'],
  combination: 'toolsExperience: React 3+ + bizOrTech: 40',
  latencyMs: 3.4,
  signedIn: false,
  ...overrides,
});

/** A click on the second result of `sampleSearchEvent`. */
export const sampleClickEvent = (at: string, overrides: Partial<ClickEvent> = {}): ClickEvent => ({
  type: 'click',
  eventId: '0b6f3c1e-6a3e-4d47-9a43-2f1c6d1e0a01',
  recordId: '64b000000000000000000002',
  rank: 2,
  at,
  signedIn: false,
  ...overrides,
});
