import { filteringRequestSchema } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { activeFilterKeys, searchEventOf, TOP_HITS_RECORDED } from './search-event';

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
});
