import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { FORM_MESSAGES } from '../messages';
import { LISTING_MESSAGES } from '../listing-messages';
import { profileDisplayFields } from '../profile';
import { fieldIssues } from './issues';
import { profileCreateSchema, profileEditSchema } from './profile.schema';

const minimal = {
  nickname: 'pixel-pusher',
  toolsExperience: [{ tool: 'Figma', mep: 5 }],
  projectType: ['Freelancing'],
  productType: ['Mobile Application'],
  offeredGratification: ['Salary'],
  forGratification: ['Time'],
};

const issuesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected a failure for ${JSON.stringify(input)}`);
  return fieldIssues(result.error);
};

describe('profileCreateSchema', () => {
  it('accepts the required fields with an even split', () => {
    expect(profileCreateSchema.parse(minimal)).toEqual({ ...minimal, bizRole: 50, techRole: 50 });
  });

  it('asks for each required field with the form alert', () => {
    expect(issuesOf(profileCreateSchema, { description: 'hi' })).toEqual(
      [
        'nickname',
        'toolsExperience',
        'projectType',
        'productType',
        'offeredGratification',
        'forGratification',
      ].map((field) => ({ field, message: FORM_MESSAGES.requiredFields })),
    );
  });

  it('keeps collaboration duration in months up to 60 and availability up to 100 hours', () => {
    const parsed = profileCreateSchema.parse({ ...minimal, deadline: 60, availability: 100, techRole: 80 });
    expect(parsed).toMatchObject({ deadline: 60, availability: 100, bizRole: 20, techRole: 80 });
    expect(issuesOf(profileCreateSchema, { ...minimal, deadline: 61 })).toEqual([
      { field: 'deadline', message: 'Collaboration duration must be at most 60 months' },
    ]);
    expect(issuesOf(profileCreateSchema, { ...minimal, availability: 101 })).toEqual([
      { field: 'availability', message: 'Availability must be at most 100 hours per week' },
    ]);
  });

  it('drops zero durations and false flags, keeps a 0 % share', () => {
    const parsed = profileCreateSchema.parse({
      ...minimal,
      deadline: 0,
      workingTypeOffice: false,
      bizRole: 0,
    });
    expect(parsed).not.toHaveProperty('deadline');
    expect(parsed).not.toHaveProperty('workingTypeOffice');
    expect(parsed).toMatchObject({ bizRole: 0, techRole: 100 });
  });

  it('rejects shares that do not add up, and project-only fields', () => {
    expect(issuesOf(profileCreateSchema, { ...minimal, bizRole: 10, techRole: 10 })).toEqual([
      { field: 'techRole', message: LISTING_MESSAGES.rolesMustAddUp },
    ]);
    expect(issuesOf(profileCreateSchema, { ...minimal, projectName: 'x' })).toEqual([
      { field: 'projectName', message: 'Unknown field: projectName' },
    ]);
    expect(issuesOf(profileCreateSchema, { ...minimal, reward: ['Salary'] })).toEqual([
      { field: 'reward', message: 'Unknown field: reward' },
    ]);
  });
});

describe('profileEditSchema', () => {
  it('follows the project edit rule: product type may be left out', () => {
    const { productType: _dropped, ...rest } = minimal;
    expect(profileEditSchema.parse(rest)).toEqual({ ...rest, bizRole: 50, techRole: 50 });
    expect(issuesOf(profileEditSchema, { ...rest, nickname: '' })).toEqual([
      { field: 'nickname', message: FORM_MESSAGES.requiredFields },
    ]);
  });
});

describe('profileDisplayFields', () => {
  it('derives reward, compensation basis, tools and orientation from the stored lists', () => {
    const profile = profileCreateSchema.parse({ ...minimal, techRole: 70 });
    expect(profileDisplayFields(profile)).toEqual({
      reward: ['Salary'],
      compensationBasis: ['Time'],
      tools: ['Figma'],
      skillsOrientation: ['Tech'],
    });
    expect(profileDisplayFields({ ...profile, bizRole: 60, techRole: 40 }).skillsOrientation).toEqual([
      'Business',
    ]);
    expect(profileDisplayFields({ ...profile, bizRole: 50, techRole: 50 }).skillsOrientation).toEqual([
      'Business',
      'Tech',
    ]);
  });
});
