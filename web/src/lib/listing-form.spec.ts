import { projectCreateSchema, projectEditSchema, profileCreateSchema } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import {
  capCollabMonths,
  capWeeklyHours,
  checkListing,
  COLLAB_DURATION_OPTIONS,
  emptyIsZero,
  LISTING_FORM_DEFAULTS,
  listingPayload,
  listingValuesFrom,
  matchChoices,
  missesRequired,
  pickOption,
  roleSharesToSend,
  splitRoles,
  unpickOption,
  WEEKLY_HOURS_OPTIONS,
} from './listing-form';

describe('collaboration duration and weekly hours', () => {
  it('offers the options of the specification', () => {
    expect(COLLAB_DURATION_OPTIONS).toEqual([1, 3, 6, 12, 18, 24, 36, 48, 60]);
    expect(WEEKLY_HOURS_OPTIONS).toEqual([3, 5, 10, 20, 40, 60, 80, 100]);
  });

  it('caps typed durations at 60 months and hours at 100', () => {
    expect(capCollabMonths('75')).toBe('60');
    expect(capCollabMonths('18')).toBe('18');
    expect(capWeeklyHours('150')).toBe('100');
    expect(capWeeklyHours('-3')).toBe('0');
    expect(capWeeklyHours('12.6')).toBe('13');
  });

  it('keeps an empty box empty and counts it as 0', () => {
    expect(capCollabMonths('')).toBe('');
    expect(capCollabMonths('soon')).toBe('');
    expect(emptyIsZero('')).toBe(0);
    expect(emptyIsZero('  ')).toBe(0);
    expect(emptyIsZero('24')).toBe(24);
  });
});

describe('splitRoles', () => {
  it('keeps the two shares at 100 together', () => {
    expect(splitRoles('70', 'bizRole')).toEqual({ bizRole: '70', techRole: '30' });
    expect(splitRoles('25', 'techRole')).toEqual({ bizRole: '75', techRole: '25' });
  });

  it('gives 0/100 below 0 and 100/0 above 100', () => {
    expect(splitRoles('-20', 'bizRole')).toEqual({ bizRole: '0', techRole: '100' });
    expect(splitRoles('250', 'bizRole')).toEqual({ bizRole: '100', techRole: '0' });
    expect(splitRoles('180', 'techRole')).toEqual({ bizRole: '0', techRole: '100' });
  });

  it('clears both for something that is not a number', () => {
    expect(splitRoles('abc', 'bizRole')).toEqual({ bizRole: '', techRole: '' });
    expect(splitRoles('', 'techRole')).toEqual({ bizRole: '', techRole: '' });
  });

  it('sends 50/50 when the shares were cleared', () => {
    expect(roleSharesToSend({ bizRole: '', techRole: '' })).toEqual({ bizRole: 50, techRole: 50 });
    expect(roleSharesToSend({ bizRole: '0', techRole: '100' })).toEqual({ bizRole: 0, techRole: 100 });
  });
});

describe('checkListing', () => {
  const complete = {
    ...listingPayload({
      ...LISTING_FORM_DEFAULTS,
      toolsExperience: [{ tool: 'React', mep: 3 }],
      projectType: ['Start Up'],
      productType: ['Web Application'],
      offeredGratification: ['Salary'],
      forGratification: ['Milestone'],
    }),
    projectName: 'Farm market',
  };

  it('reports missing required fields on their own', () => {
    const result = checkListing(projectCreateSchema, { ...complete, projectName: '  ' });
    expect(result).toMatchObject({ ok: false, missingRequired: true });
  });

  it('drops empty fields and keeps the defaults', () => {
    const result = checkListing(projectCreateSchema, complete);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data).toEqual({
      projectName: 'Farm market',
      toolsExperience: [{ tool: 'React', mep: 3 }],
      projectType: ['Start Up'],
      productType: ['Web Application'],
      offeredGratification: ['Salary'],
      forGratification: ['Milestone'],
      bizRole: 50,
      techRole: 50,
      availabilityFrom: 10,
      availabilityTo: 15,
      availabilityType: 'Monthly',
    });
  });

  it('follows the required fields of each form', () => {
    const withoutProductType = { ...complete, productType: [] };
    expect(checkListing(projectCreateSchema, withoutProductType)).toMatchObject({ missingRequired: true });
    expect(checkListing(projectEditSchema, withoutProductType).ok).toBe(true);
    const profile = { ...complete, projectName: undefined, nickname: '' };
    expect(checkListing(profileCreateSchema, profile)).toMatchObject({ missingRequired: true });
  });

  it('names the field of any other problem', () => {
    const result = checkListing(projectCreateSchema, {
      ...complete,
      availabilityFrom: 20,
      availabilityTo: 10,
    });
    expect(result).toEqual({
      ok: false,
      missingRequired: false,
      errors: { availabilityTo: 'Availability must start before it ends' },
    });
  });
});

describe('missesRequired', () => {
  const required = new Set(['projectName', 'projectType']);

  it('holds while a required field of the section is empty or only spaces', () => {
    expect(missesRequired(['projectName', 'description'], required, { projectName: '  ' })).toBe(true);
    expect(missesRequired(['projectType'], required, { projectType: [] })).toBe(true);
  });

  it('clears once every required field of the section is filled, whatever the others hold', () => {
    expect(missesRequired(['projectName', 'description'], required, { projectName: 'Atlas' })).toBe(false);
    expect(missesRequired(['projectType'], required, { projectType: ['Startup'] })).toBe(false);
    expect(missesRequired(['description'], required, { description: '' })).toBe(false);
  });
});

describe('listingValuesFrom', () => {
  it('loads a record, its availability range included', () => {
    const values = listingValuesFrom({
      projectType: ['Hackathon Project'],
      toolsExperience: [{ tool: 'Figma', mep: 2 }],
      bizRole: 80,
      techRole: 20,
      availability: 20,
      availabilityFrom: 40,
      availabilityTo: 60,
      availabilityType: 'week',
    });
    expect(values).toMatchObject({
      projectType: ['Hackathon Project'],
      productType: [],
      toolsExperience: [{ tool: 'Figma', mep: 2 }],
      bizRole: '80',
      techRole: '20',
      availability: '20',
      availabilityFrom: '40',
      availabilityTo: '60',
      availabilityType: 'week',
    });
  });

  it('leaves what the record lacks empty, with the 50/50 split', () => {
    expect(listingValuesFrom({})).toMatchObject({ availabilityFrom: '', bizRole: '50', techRole: '50' });
  });
});

describe('matchChoices', () => {
  const choices = [
    { label: 'Preact' },
    { label: 'React' },
    { label: 'React Native' },
    { label: 'Kubernetes', keywords: ['k8s'] },
  ];

  it('matches a case-insensitive substring, exact and leading matches first', () => {
    expect(matchChoices(choices, 'REACT', []).map((choice) => choice.label)).toEqual([
      'React',
      'React Native',
      'Preact',
    ]);
  });

  it('leaves out picked options and finds tools by their other names', () => {
    expect(matchChoices(choices, 'react', ['React']).map((choice) => choice.label)).toEqual([
      'React Native',
      'Preact',
    ]);
    expect(matchChoices(choices, 'K8S', []).map((choice) => choice.label)).toEqual(['Kubernetes']);
    expect(matchChoices(choices, '', ['Preact'])).toHaveLength(3);
  });

  it('puts the options with the most records first, then A–Z, when counts are known', () => {
    const counts = { Preact: 2, Kubernetes: 7, 'React Native': 2 };
    expect(matchChoices(choices, '', [], counts).map((choice) => choice.label)).toEqual([
      'Kubernetes',
      'Preact',
      'React Native',
      'React',
    ]);
    // What was typed still ranks first: the exact match leads whatever its count.
    expect(matchChoices(choices, 'react', [], counts).map((choice) => choice.label)).toEqual([
      'React',
      'React Native',
      'Preact',
    ]);
  });
});

describe('pickOption and unpickOption', () => {
  it('adds a picked option at the end, once', () => {
    expect(pickOption(['Remote'], 'Office')).toEqual(['Remote', 'Office']);
    expect(pickOption(['Remote', 'Office'], 'Remote')).toEqual(['Remote', 'Office']);
  });

  it('returns an unpicked option and keeps the order of the rest', () => {
    expect(unpickOption(['Spain', 'Chile', 'Peru'], 'Chile')).toEqual(['Spain', 'Peru']);
    expect(unpickOption(['Spain'], 'Chile')).toEqual(['Spain']);
  });

  it('never changes the list it was given', () => {
    const picked = Object.freeze(['Spain']);
    pickOption(picked, 'Chile');
    unpickOption(picked, 'Spain');
    expect(picked).toEqual(['Spain']);
  });
});
