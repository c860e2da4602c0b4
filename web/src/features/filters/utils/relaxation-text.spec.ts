import type { ClientFilterKey } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { filterReducer, initialPanelState } from './filter-state';
import { relaxationText } from './relaxation-text';

describe('relaxationText', () => {
  const filters = filterReducer(initialPanelState(), {
    type: 'setTags',
    filter: 'locations',
    picked: ['Iceland', 'Malta'],
  }).filters;

  it('names the filter, its picks and what dropping it brings back', () => {
    expect(relaxationText({ key: 'locations', count: 42 }, filters, 'teammate')).toBe(
      'Remove Location: Iceland, Malta → 42 teammates',
    );
    expect(relaxationText({ key: 'requiredAvailability', count: 1 }, filters, 'project')).toBe(
      'Remove Hours per Week → 1 project',
    );
  });

  it('names the freshness filters as the panel does', () => {
    const fresh = filterReducer(filterReducer(initialPanelState(), { type: 'setActiveWithin', days: 7 }), {
      type: 'setOpenOnly',
      openOnly: true,
    }).filters;
    expect(relaxationText({ key: 'activeWithinDays', count: 5 }, fresh, 'project')).toBe(
      'Remove Active within: 7 days → 5 projects',
    );
    expect(relaxationText({ key: 'openOnly', count: 1 }, fresh, 'teammate')).toBe(
      'Remove Open only → 1 teammate',
    );
  });

  it('offers to stop excluding a must-not, and leaves it out of the picks it names', () => {
    const excluding = filterReducer(
      { ...initialPanelState(), filters },
      { type: 'toggleMustNot', filter: 'locations', option: 'Malta' },
    ).filters;
    expect(
      relaxationText({ key: 'locations', label: 'Malta', mustNot: true, count: 2 }, excluding, 'teammate'),
    ).toBe('Stop excluding Location: Malta → 2 teammates');
    expect(relaxationText({ key: 'locations', count: 4 }, excluding, 'teammate')).toBe(
      'Remove Location: Iceland → 4 teammates',
    );
  });

  it('offers a must-have option as optional', () => {
    expect(relaxationText({ key: 'locations', label: 'Iceland', count: 3 }, filters, 'teammate')).toBe(
      'Make Location: Iceland optional → 3 teammates',
    );
  });

  it('names a set of filters to drop together by their picks, or every filter as clearing them', () => {
    const picked = filterReducer(
      filterReducer(filterReducer(initialPanelState(), { type: 'setOpenOnly', openOnly: true }), {
        type: 'setTools',
        tools: [{ tool: 'COBOL', mep: 1 }],
      }),
      { type: 'setTags', filter: 'locations', picked: ['Iceland'] },
    ).filters;
    const remove = (...keys: ClientFilterKey[]) => keys.map((key) => ({ key }));
    expect(
      relaxationText({ remove: remove('toolsExperience', 'locations'), count: 11 }, picked, 'teammate'),
    ).toBe('Remove COBOL and Iceland → 11 teammates');
    expect(
      relaxationText(
        { remove: remove('toolsExperience', 'requiredAvailability', 'openOnly'), count: 1 },
        picked,
        'project',
      ),
    ).toBe('Remove COBOL, Hours per Week and Open only → 1 project');
    expect(
      relaxationText(
        { remove: remove('toolsExperience', 'locations', 'requiredAvailability', 'openOnly'), count: 40 },
        picked,
        'teammate',
      ),
    ).toBe('Clear all filters → 40 teammates');
  });
});
