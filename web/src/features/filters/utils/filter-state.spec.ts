import { activeFiltersSchema } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { splitRoles } from '../../../lib/listing-form';
import {
  type FilterAction,
  filterReducer,
  type FilterPanelState,
  type FilterState,
  initialFilterState,
  initialPanelState,
  pickedCount,
  toActiveFilters,
  toMustHave,
  toMustNot,
} from './filter-state';

const run = (...actions: FilterAction[]): FilterPanelState =>
  actions.reduce(filterReducer, initialPanelState());

const filtersAfter = (...actions: FilterAction[]): FilterState => run(...actions).filters;

describe('toActiveFilters', () => {
  it('sends nothing for an empty panel', () => {
    expect(toActiveFilters(initialFilterState(), 'teammate')).toEqual({});
    expect(toActiveFilters(initialFilterState('a free text search'), 'project')).toEqual({});
  });

  it('sends exactly the picked lists under the API keys, with tool levels', () => {
    const filters = filtersAfter(
      { type: 'setTags', filter: 'requiredAreaOfExpertise', picked: ['Banking'] },
      { type: 'setTags', filter: 'offeredWorkingType', picked: ['Remote'] },
      { type: 'setTags', filter: 'usedLanguages', picked: ['Polish', 'German'] },
      { type: 'setTools', tools: [{ tool: 'Rust', mep: 3 }] },
    );
    const active = toActiveFilters(filters, 'teammate');
    expect(active).toEqual({
      toolsExperience: [{ tool: 'Rust', mep: 3 }],
      requiredAreaOfExpertise: ['Banking'],
      offeredWorkingType: ['Remote'],
      usedLanguages: ['Polish', 'German'],
    });
    expect(activeFiltersSchema.safeParse(active).success).toBe(true);
  });

  it('sends availability only above 0 hours, with its mode', () => {
    const none = filtersAfter({ type: 'setAvailabilityHours', typed: '0' });
    expect(toActiveFilters(none, 'teammate')).toEqual({});
    const atLeast = filtersAfter(
      { type: 'setAvailabilityHours', typed: '20' },
      { type: 'setAvailabilityOption', option: 'At least' },
    );
    expect(toActiveFilters(atLeast, 'teammate')).toEqual({
      requiredAvailability: { hours: 20, mode: 'At least' },
    });
    expect(toActiveFilters(filtersAfter({ type: 'setAvailabilityHours', typed: '5' }), 'project')).toEqual({
      requiredAvailability: { hours: 5, mode: 'Up to' },
    });
  });

  it('asks profiles for months and projects for a date', () => {
    const filters = filtersAfter(
      { type: 'setDeadlineOption', typed: '12' },
      { type: 'setProjectDeadline', day: '2031-05-20' },
    );
    expect(toActiveFilters(filters, 'teammate')).toEqual({ projectDeadline: 12 });
    expect(toActiveFilters(filters, 'project')).toEqual({ projectDeadline: '2031-05-20' });
    const unset = filtersAfter({ type: 'setProjectDeadline', day: '1970-01-01' });
    expect(toActiveFilters(unset, 'project')).toEqual({});
  });

  it('sends the business share, and nothing for an empty or zero one', () => {
    expect(
      toActiveFilters(
        filtersAfter({ type: 'setBizOrTech', split: splitRoles('30', 'techRole') }),
        'teammate',
      ),
    ).toEqual({
      bizOrTech: 70,
    });
    expect(
      toActiveFilters(filtersAfter({ type: 'setBizOrTech', split: splitRoles('', 'bizRole') }), 'teammate'),
    ).toEqual({});
    expect(
      toActiveFilters(filtersAfter({ type: 'setBizOrTech', split: splitRoles('0', 'bizRole') }), 'teammate'),
    ).toEqual({});
  });
});

describe('filterReducer', () => {
  it('keeps each picked option once', () => {
    expect(
      filtersAfter({ type: 'setTags', filter: 'locations', picked: ['Chile', 'Chile'] }).locations,
    ).toEqual(['Chile']);
  });

  it('holds tool levels between 1 and 5 in filters', () => {
    const tools = filtersAfter({
      type: 'setTools',
      tools: [
        { tool: 'Rust', mep: 0 },
        { tool: 'Go', mep: 9 },
        { tool: 'Elixir', mep: 4 },
      ],
    }).toolsExperience;
    expect(tools).toEqual([
      { tool: 'Rust', mep: 1 },
      { tool: 'Go', mep: 5 },
      { tool: 'Elixir', mep: 4 },
    ]);
  });

  it('caps typed weekly hours at 100 and months at 60, empty meaning none', () => {
    expect(filtersAfter({ type: 'setAvailabilityHours', typed: '250' }).requiredAvailabilityHours).toBe(
      '100',
    );
    expect(filtersAfter({ type: 'setAvailabilityHours', typed: '' }).requiredAvailabilityHours).toBe('');
    expect(filtersAfter({ type: 'setDeadlineOption', typed: '72' }).deadlineOption).toBe('60');
    expect(filtersAfter({ type: 'setDeadlineOption', typed: '-3' }).deadlineOption).toBe('0');
  });

  it('keeps the business and tech values at 100 together, clamped, or clears both', () => {
    const typed = (value: string, side: 'bizRole' | 'techRole') => {
      const filters = filtersAfter({ type: 'setBizOrTech', split: splitRoles(value, side) });
      return [filters.bizOrTechLeft, filters.bizOrTechRight];
    };
    expect(typed('35', 'bizRole')).toEqual(['35', '65']);
    expect(typed('35', 'techRole')).toEqual(['65', '35']);
    expect(typed('-10', 'bizRole')).toEqual(['0', '100']);
    expect(typed('180', 'bizRole')).toEqual(['100', '0']);
    expect(typed('abc', 'techRole')).toEqual(['', '']);
  });

  it('repairs a split that does not add up to 100 from its business side', () => {
    const filters = filtersAfter({ type: 'setBizOrTech', split: { bizRole: '140', techRole: '5' } });
    expect([filters.bizOrTechLeft, filters.bizOrTechRight]).toEqual(['100', '0']);
  });

  it('opens one box at a time and closes it on a second click', () => {
    expect(filtersAfter({ type: 'toggleBox', box: 'locations' }).openBox).toBe('locations');
    expect(
      filtersAfter({ type: 'toggleBox', box: 'locations' }, { type: 'toggleBox', box: 'toolsExperience' })
        .openBox,
    ).toBe('toolsExperience');
    expect(
      filtersAfter({ type: 'toggleBox', box: 'locations' }, { type: 'toggleBox', box: 'locations' }).openBox,
    ).toBeNull();
  });

  it('applies a snapshot of the filters and counts every run', () => {
    const state = run(
      { type: 'setTags', filter: 'projectType', picked: ['Hackathon Project'] },
      { type: 'apply' },
      { type: 'setTags', filter: 'projectType', picked: [] },
    );
    expect(state.applied.run).toBe(1);
    expect(state.applied.filters?.projectType).toEqual(['Hackathon Project']);
    expect(state.filters.projectType).toEqual([]);
    expect(filterReducer(state, { type: 'apply' }).applied.run).toBe(2);
  });

  it('clears every filter and the failure, reloads unfiltered, and keeps the open box', () => {
    const state = run(
      { type: 'setText', text: 'rust developer' },
      { type: 'setTags', filter: 'hardSkills', picked: ['Data Engineer'] },
      { type: 'setTools', tools: [{ tool: 'Rust', mep: 2 }] },
      { type: 'setAvailabilityHours', typed: '20' },
      { type: 'setAvailabilityOption', option: 'At least' },
      { type: 'setBizOrTech', split: splitRoles('70', 'bizRole') },
      { type: 'setDeadlineOption', typed: '6' },
      { type: 'toggleBox', box: 'hardSkills' },
      { type: 'apply' },
      { type: 'filteringFailed' },
      { type: 'clear' },
    );
    expect(state.filters).toEqual({ ...initialFilterState(), openBox: 'hardSkills' });
    expect(state.applied).toEqual({ run: 2, filters: null });
    expect(state.filteringFailed).toBe(false);
  });

  it('forgets an earlier failure when filters are applied again', () => {
    const failed = run({ type: 'apply' }, { type: 'filteringFailed' });
    expect(failed.filteringFailed).toBe(true);
    expect(filterReducer(failed, { type: 'apply' }).filteringFailed).toBe(false);
  });

  it('notes the kinds shown by closeness until the next search, ignoring a late ranking', () => {
    const shown = run({ type: 'apply' }, { type: 'closestShown', kind: 'teammate', run: 1 });
    expect(shown.closest).toEqual(['teammate']);
    expect(filterReducer(shown, { type: 'closestShown', kind: 'project', run: 0 }).closest).toEqual([
      'teammate',
    ]);
    expect(filterReducer(shown, { type: 'apply' }).closest).toEqual([]);
    expect(filterReducer(shown, { type: 'clear' }).closest).toEqual([]);
  });

  it('makes an understood label a pick (a tool at the lowest level) and runs the search again', () => {
    const typed = run({ type: 'setText', text: 'react developers in Poland' }, { type: 'apply' });
    const picked = filterReducer(
      filterReducer(typed, { type: 'pickUnderstood', filter: 'toolsExperience', label: 'React' }),
      { type: 'pickUnderstood', filter: 'locations', label: 'Poland' },
    );
    expect(picked.applied.run).toBe(typed.applied.run + 2);
    expect(picked.filters.textSearch).toBe('react developers in Poland');
    expect(toActiveFilters(picked.filters, 'teammate')).toEqual({
      toolsExperience: [{ tool: 'React', mep: 1 }],
      locations: ['Poland'],
    });
    // Picking it again changes nothing but runs the search once more.
    const again = filterReducer(picked, { type: 'pickUnderstood', filter: 'locations', label: 'Poland' });
    expect(again.filters.locations).toEqual(['Poland']);
  });

  it('turns a ruled-out understood label into an excluded option, sent as a must-not and never as a pick', () => {
    const typed = run({ type: 'setText', text: 'frontend only, not full stack' }, { type: 'apply' });
    const excluded = filterReducer(typed, {
      type: 'excludeUnderstood',
      filter: 'hardSkills',
      label: 'Full Stack Developer',
    });
    expect(excluded.applied.run).toBe(typed.applied.run + 1);
    expect(excluded.filters.hardSkills).toEqual(['Full Stack Developer']);
    expect(toMustNot(excluded.filters)).toEqual({ hardSkills: ['Full Stack Developer'] });
    expect(toActiveFilters(excluded.filters, 'teammate')).toEqual({});
    // Made a filter as an understood label later, it is a pick again.
    const picked = filterReducer(excluded, {
      type: 'pickUnderstood',
      filter: 'hardSkills',
      label: 'Full Stack Developer',
    });
    expect(toMustNot(picked.filters)).toBeUndefined();
    expect(toActiveFilters(picked.filters, 'teammate')).toEqual({ hardSkills: ['Full Stack Developer'] });
  });

  it('keeps dismissed understood labels until the text changes', () => {
    const typed = run({ type: 'setText', text: 'react in madrid' }, { type: 'apply' });
    const dismissed = filterReducer(typed, {
      type: 'dismissUnderstood',
      filter: 'locations',
      label: 'Spain',
    });
    expect(dismissed.filters.dismissed).toEqual({ locations: ['Spain'] });
    expect(dismissed.applied.run).toBe(typed.applied.run + 1);
    expect(filterReducer(dismissed, { type: 'dismissUnderstood', filter: 'locations', label: 'Spain' })).toBe(
      dismissed,
    );
    expect(filterReducer(dismissed, { type: 'setText', text: 'react in lisbon' }).filters.dismissed).toEqual(
      {},
    );
  });
});

describe('pickedCount', () => {
  it('counts picked options, and a set number filter as one', () => {
    const filters = filtersAfter(
      { type: 'setTags', filter: 'softSkills', picked: ['Empathy', 'Patience'] },
      { type: 'setTools', tools: [{ tool: 'Go', mep: 1 }] },
      { type: 'setAvailabilityHours', typed: '10' },
      { type: 'setDeadlineOption', typed: '3' },
    );
    expect(pickedCount(filters, 'softSkills', 'teammate')).toBe(2);
    expect(pickedCount(filters, 'toolsExperience', 'teammate')).toBe(1);
    expect(pickedCount(filters, 'requiredAvailability', 'teammate')).toBe(1);
    expect(pickedCount(filters, 'projectDeadline', 'teammate')).toBe(1);
    expect(pickedCount(filters, 'projectDeadline', 'project')).toBe(0);
    expect(pickedCount(filters, 'bizOrTech', 'teammate')).toBe(0);
    expect(pickedCount(filters, 'locations', 'teammate')).toBe(0);
  });
});

describe('must-haves and relaxations', () => {
  const picked: FilterAction[] = [
    { type: 'setTags', filter: 'locations', picked: ['Iceland', 'Norway'] },
    { type: 'setTools', tools: [{ tool: 'Rust', mep: 2 }] },
  ];

  it('marks picked options must-have and back, and ignores options not picked', () => {
    const marked = filtersAfter(
      ...picked,
      { type: 'toggleMustHave', filter: 'locations', option: 'Iceland' },
      { type: 'toggleMustHave', filter: 'toolsExperience', option: 'Rust' },
      { type: 'toggleMustHave', filter: 'locations', option: 'Chile' },
    );
    expect(toMustHave(marked)).toEqual({ locations: ['Iceland'], toolsExperience: ['Rust'] });
    const unmarked = filterReducer(
      { ...initialPanelState(), filters: marked },
      { type: 'toggleMustHave', filter: 'locations', option: 'Iceland' },
    ).filters;
    expect(toMustHave(unmarked)).toEqual({ toolsExperience: ['Rust'] });
    expect(toMustHave(initialFilterState())).toBeUndefined();
  });

  it('excludes a listed option and back; an excluded option is no pick and no must-have', () => {
    const excluded = filtersAfter(
      ...picked,
      { type: 'toggleMustHave', filter: 'locations', option: 'Iceland' },
      { type: 'toggleMustNot', filter: 'locations', option: 'Iceland' },
      { type: 'toggleMustNot', filter: 'toolsExperience', option: 'Rust' },
      { type: 'toggleMustNot', filter: 'locations', option: 'Chile' },
    );
    expect(toMustNot(excluded)).toEqual({ locations: ['Iceland'], toolsExperience: ['Rust'] });
    expect(toMustHave(excluded)).toBeUndefined();
    expect(toActiveFilters(excluded, 'teammate')).toEqual({ locations: ['Norway'] });
    // Marking it must-have makes it a pick again; unpicking it drops the mark.
    const mustHave = filterReducer(
      { ...initialPanelState(), filters: excluded },
      { type: 'toggleMustHave', filter: 'locations', option: 'Iceland' },
    ).filters;
    expect(toMustNot(mustHave)).toEqual({ toolsExperience: ['Rust'] });
    expect(toMustHave(mustHave)).toEqual({ locations: ['Iceland'] });
    const unpicked = filterReducer(
      { ...initialPanelState(), filters: excluded },
      { type: 'setTools', tools: [] },
    ).filters;
    expect(toMustNot(unpicked)).toEqual({ locations: ['Iceland'] });
  });

  it('relaxes a must-not by dropping the option, and keeps must-nots when a whole filter goes', () => {
    const state = run(
      ...picked,
      { type: 'setTags', filter: 'hardSkills', picked: ['Frontend Developer', 'Full Stack Developer'] },
      { type: 'toggleMustNot', filter: 'hardSkills', option: 'Full Stack Developer' },
      { type: 'apply' },
    );
    const allowed = filterReducer(state, {
      type: 'relax',
      relaxation: { key: 'hardSkills', label: 'Full Stack Developer', mustNot: true, count: 3 },
    });
    expect(allowed.applied.filters?.hardSkills).toEqual(['Frontend Developer']);
    expect(toMustNot(allowed.filters)).toBeUndefined();
    const withoutRoles = filterReducer(state, { type: 'relax', relaxation: { key: 'hardSkills', count: 5 } });
    expect(withoutRoles.applied.filters?.hardSkills).toEqual(['Full Stack Developer']);
    expect(toMustNot(withoutRoles.filters)).toEqual({ hardSkills: ['Full Stack Developer'] });
    expect(toActiveFilters(withoutRoles.filters, 'teammate').hardSkills).toBeUndefined();
  });

  it('drops the must-have of an option no longer picked', () => {
    const filters = filtersAfter(
      ...picked,
      { type: 'toggleMustHave', filter: 'locations', option: 'Iceland' },
      { type: 'setTags', filter: 'locations', picked: ['Norway'] },
    );
    expect(toMustHave(filters)).toBeUndefined();
  });

  it('keeps the answer of the search applied last only', () => {
    const extras = { total: 0, relax: [{ key: 'locations' as const, count: 3 }] };
    const state = run({ type: 'apply' }, { type: 'answered', kind: 'teammate', run: 1, extras });
    expect(state.answers).toEqual({ teammate: extras });
    expect(filterReducer(state, { type: 'answered', kind: 'project', run: 0, extras }).answers).toEqual({
      teammate: extras,
    });
    expect(filterReducer(state, { type: 'apply' }).answers).toEqual({});
  });

  it('applies a relaxation: a whole filter goes, or one must-have becomes a plain pick', () => {
    const state = run(
      ...picked,
      { type: 'setAvailabilityHours', typed: '20' },
      { type: 'toggleMustHave', filter: 'locations', option: 'Iceland' },
      { type: 'apply' },
    );
    const withoutLocations = filterReducer(state, {
      type: 'relax',
      relaxation: { key: 'locations', count: 4 },
    });
    expect(withoutLocations.applied.run).toBe(2);
    expect(withoutLocations.applied.filters?.locations).toEqual([]);
    expect(withoutLocations.applied.filters?.mustHave).toEqual({});
    const optional = filterReducer(state, {
      type: 'relax',
      relaxation: { key: 'locations', label: 'Iceland', count: 2 },
    });
    expect(optional.applied.filters?.locations).toEqual(['Iceland', 'Norway']);
    expect(toMustHave(optional.filters)).toBeUndefined();
    const anyHours = filterReducer(state, {
      type: 'relax',
      relaxation: { key: 'requiredAvailability', count: 1 },
    });
    expect(anyHours.applied.filters?.requiredAvailabilityHours).toBe('');
  });

  it('applies a set of filters to drop at once, with their must-haves', () => {
    const state = run(
      ...picked,
      { type: 'setTags', filter: 'usedLanguages', picked: ['English'] },
      { type: 'setOpenOnly', openOnly: true },
      { type: 'toggleMustHave', filter: 'locations', option: 'Iceland' },
      { type: 'apply' },
    );
    const relaxed = filterReducer(state, {
      type: 'relax',
      relaxation: {
        remove: [{ key: 'toolsExperience' }, { key: 'locations' }, { key: 'openOnly' }],
        count: 11,
      },
    });
    expect(relaxed.applied.run).toBe(2);
    expect(relaxed.applied.filters).toMatchObject({
      toolsExperience: [],
      locations: [],
      openOnly: false,
      usedLanguages: ['English'],
    });
    expect(toMustHave(relaxed.filters)).toBeUndefined();
  });

  it('applies a freshness relaxation: "Active within" back to any time, "Open only" off', () => {
    const state = run(
      ...picked,
      { type: 'setActiveWithin', days: 30 },
      { type: 'setOpenOnly', openOnly: true },
      { type: 'apply' },
    );
    const anyTime = filterReducer(state, {
      type: 'relax',
      relaxation: { key: 'activeWithinDays', count: 3 },
    });
    expect(anyTime.applied.run).toBe(2);
    expect(anyTime.applied.filters).toMatchObject({
      activeWithinDays: 0,
      openOnly: true,
      locations: ['Iceland', 'Norway'],
    });
    const notOnlyOpen = filterReducer(state, { type: 'relax', relaxation: { key: 'openOnly', count: 2 } });
    expect(notOnlyOpen.applied.filters).toMatchObject({ activeWithinDays: 30, openOnly: false });
  });
});

describe('freshness filters', () => {
  it('sends "Active within" and "Open only" once set, in the shape the API validates', () => {
    let state = initialPanelState();
    expect(toActiveFilters(state.filters, 'teammate')).toEqual({});
    state = filterReducer(state, { type: 'setActiveWithin', days: 7 });
    state = filterReducer(state, { type: 'setOpenOnly', openOnly: true });
    const active = toActiveFilters(state.filters, 'teammate');
    expect(active).toEqual({ activeWithinDays: 7, openOnly: true });
    expect(activeFiltersSchema.safeParse(active).success).toBe(true);
  });

  it('clears both with the other filters', () => {
    let state = filterReducer(initialPanelState(), { type: 'setActiveWithin', days: 30 });
    state = filterReducer(state, { type: 'setOpenOnly', openOnly: true });
    const cleared = filterReducer(state, { type: 'clear' }).filters;
    expect(cleared.activeWithinDays).toBe(0);
    expect(cleared.openOnly).toBe(false);
  });
});
