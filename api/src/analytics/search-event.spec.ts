import { filteringRequestSchema } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import {
  activeFilterKeys,
  COMBINATION_MAX_LENGTH,
  filterCombination,
  pickedLabels,
  searchEventOf,
  TOP_HITS_RECORDED,
} from './search-event';

const request = (body: Record<string, unknown>) => filteringRequestSchema.parse(body);

describe('search events', () => {
  it('names only the filters that narrow the search, in the order the filter keys are declared', () => {
    const { activeFilters } = request({
      activeFilters: {
        locations: [],
        toolsExperience: ['Go'],
        bizOrTech: 0,
        requiredAvailability: { hours: 0, mode: 'Up to' },
        projectDeadline: '1970-01-01',
        softSkills: ['Empathy'],
      },
    });
    expect(activeFilterKeys(activeFilters)).toEqual(['toolsExperience', 'softSkills']);
    expect(
      activeFilterKeys(
        request({
          activeFilters: {
            requiredAvailability: { hours: 10, mode: 'At least' },
            projectDeadline: 6,
            bizOrTech: 30,
          },
        }).activeFilters,
      ),
    ).toEqual(['projectDeadline', 'bizOrTech', 'requiredAvailability']);
  });

  it('keeps the request, the totals, the shown ids and the first hits with their scores', () => {
    const ids = Array.from({ length: 12 }, (_, n) => `id${n}`);
    const event = searchEventOf({
      kind: 'teammate',
      request: request({
        activeFilters: { hardSkills: ['SQL'], locations: [] },
        filtering_restriction: 'all_match',
        page: 2,
      }),
      ranked: { ids, scores: ids.map((_, n) => 12 - n), total: 40 },
      returned: ids.slice(0, 11),
      similarityFallback: false,
      latencyMs: 4.26,
      signedIn: true,
      at: new Date('2031-05-04T10:00:00Z'),
    });

    expect(event).toMatchObject({
      at: '2031-05-04T10:00:00.000Z',
      kind: 'teammate',
      restriction: 'all_match',
      filters: { hardSkills: ['SQL'], locations: [] },
      filterKeys: ['hardSkills'],
      activeFilterCount: 1,
      page: 2,
      hits: 40,
      similarityFallback: false,
      latencyMs: 4.3,
      signedIn: true,
    });
    expect(event.returned).toEqual(ids.slice(0, 11));
    expect(event.top).toHaveLength(TOP_HITS_RECORDED);
    expect(event.top[0]).toEqual({ id: 'id0', score: 12 });
    expect(event.top[9]).toEqual({ id: 'id9', score: 3 });
  });

  it('gives each event its own id, ranks the shown results across pages, and keeps the score alone as fused and facet', () => {
    const ids = ['a', 'b', 'c'];
    const answered = {
      kind: 'project' as const,
      request: request({ activeFilters: { hardSkills: ['SQL'] }, page: 3 }),
      ranked: { ids, scores: [3, 2, 1], total: 27 },
      // 'b' is gone from the store: the results shown are 'a' and 'c', ranked as the client counts them.
      returned: ['a', 'c'],
      similarityFallback: false,
      latencyMs: 1,
      signedIn: false,
    };
    const event = searchEventOf(answered);
    expect(event.type).toBe('search');
    expect(event.eventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(searchEventOf(answered).eventId).not.toBe(event.eventId);
    expect(event.results).toEqual([
      { id: 'a', rank: 25, fused: 3, facet: 3 },
      { id: 'c', rank: 26, fused: 1, facet: 1 },
    ]);
    expect(event.rank).toEqual([25, 26]);
  });

  it('records the score parts the index reports, and only those', () => {
    const event = searchEventOf({
      kind: 'teammate',
      request: request({ activeFilters: {} }),
      ranked: {
        ids: ['a', 'b'],
        scores: [0.9, 0.4],
        total: 2,
        signals: [
          { fused: 0.9, facet: 2.5, text: 7.1, vector: 0.82 },
          { fused: 0.4, facet: 1 },
        ],
      },
      returned: ['a', 'b'],
      similarityFallback: false,
      latencyMs: 1,
      signedIn: false,
    });
    expect(event.results).toEqual([
      { id: 'a', rank: 1, fused: 0.9, facet: 2.5, text: 7.1, vector: 0.82 },
      { id: 'b', rank: 2, fused: 0.4, facet: 1 },
    ]);
  });

  it('names the picked labels by key, and the narrowing filters with their values as one combination', () => {
    const { activeFilters } = request({
      activeFilters: {
        toolsExperience: [{ tool: 'Rust', mep: 3 }, 'Go'],
        locations: ['Iceland', 'Iceland'],
        hardSkills: [],
        bizOrTech: 30,
        requiredAvailability: { hours: 10, mode: 'At least' },
      },
    });
    expect(pickedLabels(activeFilters)).toEqual([
      'toolsExperience: Rust',
      'toolsExperience: Go',
      'locations: Iceland',
    ]);
    expect(filterCombination(activeFilters, activeFilterKeys(activeFilters))).toBe(
      'toolsExperience: Rust 3+, Go + locations: Iceland + bizOrTech: 30 + requiredAvailability: At least 10 h',
    );
    expect(filterCombination(activeFilters, [])).toBe('(no filters)');
    const many = request({
      activeFilters: { hardSkills: Array.from({ length: 90 }, (_, n) => `Skill ${n}`) },
    });
    const long = filterCombination(many.activeFilters, ['hardSkills']);
    expect(long).toHaveLength(COMBINATION_MAX_LENGTH);
    expect(long.endsWith('…')).toBe(true);
  });
});
