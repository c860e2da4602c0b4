import { describe, expect, it } from 'vitest';
import { filterReducer, initialPanelState, toActiveFilters, toMustHave, toMustNot } from './filter-state';
import { savedSearchFilterState } from './saved-filter-state';

describe('a saved search in the filter panel', () => {
  it('gives back the filters, must-haves and text it was saved with', () => {
    const filters = {
      toolsExperience: [{ tool: 'React', mep: 3 }],
      locations: ['Spain', 'Italy'],
      offeredWorkingType: ['Remote' as const],
      requiredAvailability: { hours: 20, mode: 'At least' as const },
      projectDeadline: 6,
      bizOrTech: 30,
    };
    const state = savedSearchFilterState({ filters, mustHave: { locations: ['Spain'] }, text: 'drones' });
    expect(toActiveFilters(state, 'teammate')).toEqual(filters);
    expect(toMustHave(state)).toEqual({ locations: ['Spain'] });
    expect(state.textSearch).toBe('drones');
    expect(state.bizOrTechRight).toBe('70');
  });

  it('merges the filters that have two names and takes a tool without a level at level 1', () => {
    const state = savedSearchFilterState({
      filters: {
        productType: ['Web Application'],
        product_type: ['Mobile Application'],
        toolsExperience: ['Go'],
      },
      mustHave: { product_type: ['Mobile Application'] },
    });
    expect(toActiveFilters(state, 'project')).toEqual({
      productType: ['Web Application', 'Mobile Application'],
      toolsExperience: [{ tool: 'Go', mep: 1 }],
    });
    expect(toMustHave(state)).toEqual({ productType: ['Mobile Application'] });
  });

  it('lists its must-nots as excluded options, beside the picks', () => {
    const state = savedSearchFilterState({
      filters: { toolsExperience: [{ tool: 'React', mep: 2 }], hardSkills: ['Frontend Developer'] },
      mustNot: { toolsExperience: ['PHP'], hardSkills: ['Full Stack Developer'] },
    });
    expect(state.hardSkills).toEqual(['Frontend Developer', 'Full Stack Developer']);
    expect(toActiveFilters(state, 'teammate')).toEqual({
      toolsExperience: [{ tool: 'React', mep: 2 }],
      hardSkills: ['Frontend Developer'],
    });
    expect(toMustNot(state)).toEqual({ toolsExperience: ['PHP'], hardSkills: ['Full Stack Developer'] });
  });

  it('runs the loaded search at once', () => {
    const before = initialPanelState();
    const loaded = filterReducer(before, {
      type: 'load',
      filters: savedSearchFilterState({ filters: { projectDeadline: '2030-01-31' }, text: 'solar' }),
    });
    expect(loaded.applied.run).toBe(before.applied.run + 1);
    expect(loaded.applied.filters?.projectDeadline).toBe('2030-01-31');
    expect(toActiveFilters(loaded.filters, 'project')).toEqual({ projectDeadline: '2030-01-31' });
    expect(loaded.filters.textSearch).toBe('solar');
  });
});
