import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { FORM_MESSAGES } from '../messages';
import { LISTING_MESSAGES } from '../listing-messages';
import { fieldIssues } from './issues';
import { deleteProjectSchema, projectCreateSchema, projectEditSchema } from './project.schema';

const minimal = {
  projectName: 'Solar map',
  toolsExperience: [{ tool: 'React', mep: 3 }],
  projectType: ['Start Up'],
  productType: ['Web Application'],
  offeredGratification: ['Equity Grant'],
  forGratification: ['Milestone'],
};

const issuesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected a failure for ${JSON.stringify(input)}`);
  return fieldIssues(result.error);
};

describe('projectCreateSchema', () => {
  it('accepts the required fields and fills an even business/tech split', () => {
    expect(projectCreateSchema.parse(minimal)).toEqual({ ...minimal, bizRole: 50, techRole: 50 });
  });

  it('asks for every required field with the form alert, before any other problem', () => {
    const issues = issuesOf(projectCreateSchema, { availability: 500 });
    expect(issues.slice(0, 6)).toEqual(
      [
        'projectName',
        'toolsExperience',
        'projectType',
        'productType',
        'offeredGratification',
        'forGratification',
      ].map((field) => ({ field, message: FORM_MESSAGES.requiredFields })),
    );
    expect(issues[6]).toEqual({
      field: 'availability',
      message: 'Availability must be at most 100 hours per week',
    });
  });

  it.each([
    ['an empty name', { projectName: '   ' }, 'projectName'],
    ['an empty tool list', { toolsExperience: [] }, 'toolsExperience'],
    ['a null product type', { productType: null }, 'productType'],
    ['an empty project type', { projectType: '' }, 'projectType'],
  ])('treats %s as missing', (_label, change, field) => {
    const issues = issuesOf(projectCreateSchema, { ...minimal, ...change });
    expect(issues).toEqual([{ field, message: FORM_MESSAGES.requiredFields }]);
  });

  it('drops empty and falsy optional fields instead of storing them', () => {
    const parsed = projectCreateSchema.parse({
      ...minimal,
      description: '',
      projectGoal: '  ',
      softSkills: [],
      workingTypeRemote: false,
      availability: 0,
      weeklyEngagement: { from: 0, to: 0 },
      deadline: null,
    });
    expect(parsed).toEqual({ ...minimal, bizRole: 50, techRole: 50 });
  });

  it('keeps every display field of a project', () => {
    const full = {
      ...minimal,
      description: 'Maps rooftops for solar panels.',
      projectGoal: 'A city-wide map',
      softSkills: ['Teamwork'],
      hardSkills: ['Data Scientist'],
      areaOfExpertise: ['Renewable Energy'],
      usedLanguages: ['English'],
      locations: ['Poland'],
      workingTypeRemote: true,
      workingTypeOffice: true,
      bizRole: 30,
      techRole: 70,
      deadline: '2031-06-30',
      availability: 20,
      availabilityFrom: 10,
      availabilityTo: 15,
      availabilityType: 'week',
      deadlineFrom: '2030-01-01T00:00:00.000Z',
      deadlineTo: '2031-01-01T00:00:00+02:00',
      baseLocation: ['Warsaw'],
      weeklyEngagement: { from: 5, to: 20 },
      bizPosition: 'Product owner',
      techPosition: 'GIS engineer',
      sectorDetails: 'Residential rooftops',
      personalAssets: ['Patience'],
      speakingLanguagesRequired: ['Polish'],
    };
    expect(projectCreateSchema.parse(full)).toEqual({
      ...full,
      deadline: '2031-06-30T00:00:00.000Z',
      deadlineTo: '2030-12-31T22:00:00.000Z',
    });
  });

  it('takes a single project type as a one-item list', () => {
    expect(projectCreateSchema.parse({ ...minimal, projectType: 'Hackathon Project' }).projectType).toEqual([
      'Hackathon Project',
    ]);
  });

  it('trims tags, removes duplicates, and turns bare tool names into level 0', () => {
    const parsed = projectCreateSchema.parse({
      ...minimal,
      locations: [' Poland ', 'Poland', 'Spain'],
      toolsExperience: ['Figma', { tool: 'React', mep: 4 }, { tool: 'React', mep: 1 }, { tool: 'Go' }],
    });
    expect(parsed.locations).toEqual(['Poland', 'Spain']);
    expect(parsed.toolsExperience).toEqual([
      { tool: 'Figma', mep: 0 },
      { tool: 'React', mep: 4 },
      { tool: 'Go', mep: 0 },
    ]);
  });

  it.each([
    [{ bizRole: 30 }, { bizRole: 30, techRole: 70 }],
    [{ techRole: 100 }, { bizRole: 0, techRole: 100 }],
    [
      { bizRole: 0, techRole: 100 },
      { bizRole: 0, techRole: 100 },
    ],
    [{ bizRole: 0 }, { bizRole: 0, techRole: 100 }],
    [
      { bizRole: 100, techRole: 0 },
      { bizRole: 100, techRole: 0 },
    ],
    [
      { bizRole: null, techRole: '' },
      { bizRole: 50, techRole: 50 },
    ],
  ])('completes role shares %j to %j', (roles, expected) => {
    expect(projectCreateSchema.parse({ ...minimal, ...roles })).toMatchObject(expected);
  });

  it.each([
    [{ bizRole: 60, techRole: 60 }, 'techRole', LISTING_MESSAGES.rolesMustAddUp],
    [{ bizRole: 0, techRole: 0 }, 'techRole', LISTING_MESSAGES.rolesMustAddUp],
    [{ bizRole: 101 }, 'bizRole', 'Business role must be at most 100 percent'],
    [{ techRole: -1 }, 'techRole', 'Tech role cannot be negative'],
    [{ bizRole: 20.5 }, 'bizRole', 'Business role must be a whole number'],
    [{ bizRole: '50' }, 'bizRole', 'Business role must be a number'],
  ])('rejects role shares %j', (roles, field, message) => {
    expect(issuesOf(projectCreateSchema, { ...minimal, ...roles })).toEqual([{ field, message }]);
  });

  it('treats deadlines on or before 1970-01-01 as unset', () => {
    expect(projectCreateSchema.parse({ ...minimal, deadline: '1970-01-01' })).not.toHaveProperty('deadline');
    expect(projectCreateSchema.parse({ ...minimal, deadline: '1970-01-01T23:59:59Z' })).not.toHaveProperty(
      'deadline',
    );
    expect(projectCreateSchema.parse({ ...minimal, deadline: '1970-01-02' }).deadline).toBe(
      '1970-01-02T00:00:00.000Z',
    );
  });

  it.each([
    [{ deadline: '2030-02-31' }, 'deadline', 'Deadline must be a date such as 2030-01-31'],
    [{ deadline: 'tomorrow' }, 'deadline', 'Deadline must be a date such as 2030-01-31'],
    [{ deadline: 1_900_000_000_000 }, 'deadline', 'Deadline must be a date such as 2030-01-31'],
    [
      { deadlineFrom: '2031-01-01', deadlineTo: '2030-01-01' },
      'deadlineTo',
      'Deadline range must start before it ends',
    ],
    [{ availability: 101 }, 'availability', 'Availability must be at most 100 hours per week'],
    [{ availability: -3 }, 'availability', 'Availability cannot be negative'],
    [
      { weeklyEngagement: { from: 30, to: 10 } },
      'weeklyEngagement.to',
      'Weekly engagement must start before it ends',
    ],
    [{ weeklyEngagement: { from: 5, until: 10 } }, 'weeklyEngagement', 'Unknown field: until'],
    [
      { availabilityFrom: 20, availabilityTo: 10 },
      'availabilityTo',
      'Availability must start before it ends',
    ],
    [{ projectName: 'x'.repeat(121) }, 'projectName', 'Project name must be at most 120 characters'],
    [{ description: 'x'.repeat(20_001) }, 'description', 'Description must be at most 20000 characters'],
    [{ projectName: { $gt: '' } }, 'projectName', 'Project name must be text'],
    [{ locations: { $ne: null } }, 'locations', 'Location must be a list'],
    [{ projectType: { $gt: '' } }, 'projectType', 'Project type must be a list'],
    [{ availability: { $gt: 0 } }, 'availability', 'Availability must be a number'],
    [{ weeklyEngagement: { $gt: '' } }, 'weeklyEngagement', 'Unknown field: $gt'],
    [{ locations: ['Poland', ''] }, 'locations.1', 'Location entries cannot be empty'],
    [{ locations: ['x'.repeat(101)] }, 'locations.0', 'Each Location entry must be at most 100 characters'],
    [
      { locations: Array.from({ length: 51 }, (_, i) => `City ${i}`) },
      'locations',
      'Location can have at most 50 entries',
    ],
    [{ toolsExperience: [{ tool: 'Go', mep: 6 }] }, 'toolsExperience.0.mep', 'Tool level must be at most 5'],
    [
      { toolsExperience: [{ tool: 'Go', mep: 2.5 }] },
      'toolsExperience.0.mep',
      'Tool level must be a whole number',
    ],
    [{ toolsExperience: [{ tool: 'Go', level: 2 }] }, 'toolsExperience.0', 'Unknown field: level'],
    [
      { toolsExperience: [42] },
      'toolsExperience.0',
      'Each tool must be a name or an object with tool and mep',
    ],
    [{ workingTypeRemote: 'yes' }, 'workingTypeRemote', 'Remote must be true or false'],
    [{ ownerId: 'a'.repeat(24) }, 'ownerId', 'Unknown field: ownerId'],
    [{ _id: 'a'.repeat(24) }, '_id', 'Unknown field: _id'],
  ])('rejects %j on %s', (change, field, message) => {
    expect(issuesOf(projectCreateSchema, { ...minimal, ...change })).toContainEqual({ field, message });
  });

  it('reports an unknown field even when its value is empty', () => {
    expect(issuesOf(projectCreateSchema, { ...minimal, isAdmin: false })).toEqual([
      { field: 'isAdmin', message: 'Unknown field: isAdmin' },
    ]);
  });

  it('rejects a body that is not an object', () => {
    expect(projectCreateSchema.safeParse(['Solar map']).success).toBe(false);
    expect(projectCreateSchema.safeParse('Solar map').success).toBe(false);
  });
});

describe('projectEditSchema', () => {
  it('does not require a product type', () => {
    const { productType: _dropped, ...withoutProductType } = minimal;
    expect(projectEditSchema.parse(withoutProductType)).toEqual({
      ...withoutProductType,
      bizRole: 50,
      techRole: 50,
    });
    expect(projectCreateSchema.safeParse(withoutProductType).success).toBe(false);
  });

  it('still requires name, tools, project type and both gratification lists', () => {
    expect(issuesOf(projectEditSchema, {}).map((issue) => issue.field)).toEqual([
      'projectName',
      'toolsExperience',
      'projectType',
      'offeredGratification',
      'forGratification',
    ]);
  });
});

describe('deleteProjectSchema', () => {
  it('takes one well-formed project id', () => {
    expect(deleteProjectSchema.parse({ project_id: 'a'.repeat(24) })).toEqual({ project_id: 'a'.repeat(24) });
    expect(deleteProjectSchema.safeParse({ project_id: 'nope' }).success).toBe(false);
    expect(deleteProjectSchema.safeParse({ project_id: { $gt: '' } }).success).toBe(false);
    expect(deleteProjectSchema.safeParse({}).success).toBe(false);
  });
});
