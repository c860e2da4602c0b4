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

  it('offers a must-have option as optional', () => {
    expect(relaxationText({ key: 'locations', label: 'Iceland', count: 3 }, filters, 'teammate')).toBe(
      'Make Location: Iceland optional → 3 teammates',
    );
  });
});
