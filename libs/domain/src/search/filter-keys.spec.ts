import { describe, expect, it } from 'vitest';
import { VOCABULARY_KEYS } from '../vocabularies';
import { FILTER_KEYS, FILTER_VOCABULARY, filterKeyByBackendKey, filterKeyByClientKey } from './filter-keys';

const SPEC_TABLE = [
  ['toolsExperience', 'Tools', 'tools_experience'],
  ['projectType', 'Project Type', 'project_type'],
  ['hardSkills', 'Target Roles', 'hard_skills'],
  ['industry', 'Industry', 'industry'],
  ['offeredGratification', 'Reward', 'offered_gratification'],
  ['forGratification', 'Compensation Basis', 'for_gratification'],
  ['projectDeadline', 'Collab Duration', 'deadline'],
  ['softSkills', 'Soft Skills', 'soft_skills'],
  ['requiredAvailability', 'Hours per Week', 'availability'],
  ['offeredWorkingType', 'Working Type', 'working_type'],
  ['locations', 'Location', 'locations'],
  ['usedLanguages', 'Language', 'used_languages'],
  ['teamLocations', 'Location', 'team_locations'],
  ['productType', 'Product Type', 'product_type'],
  ['productDescription', 'Project Description', 'project_description'],
] as const;

describe('FILTER_KEYS', () => {
  it('is the spec table, all 15 rows in order', () => {
    expect(FILTER_KEYS).toHaveLength(15);
    expect(FILTER_KEYS.map((row) => [row.clientKey, row.label, row.backendKey])).toEqual(SPEC_TABLE);
  });

  it('has unique client keys and unique backend keys', () => {
    expect(new Set(FILTER_KEYS.map((row) => row.clientKey)).size).toBe(15);
    expect(new Set(FILTER_KEYS.map((row) => row.backendKey)).size).toBe(15);
  });

  it('looks rows up by client key and by backend key', () => {
    for (const [clientKey, label, backendKey] of SPEC_TABLE) {
      expect(filterKeyByClientKey(clientKey)).toEqual({ clientKey, label, backendKey });
      expect(filterKeyByBackendKey(backendKey)).toEqual({ clientKey, label, backendKey });
    }
    expect(filterKeyByClientKey('deadline')).toBeUndefined();
    expect(filterKeyByBackendKey('projectDeadline')).toBeUndefined();
    expect(filterKeyByClientKey('toString')).toBeUndefined();
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(FILTER_KEYS)).toBe(true);
    expect(FILTER_KEYS.every((row) => Object.isFrozen(row))).toBe(true);
  });
});

describe('FILTER_VOCABULARY', () => {
  it('maps each tag filter to the vocabulary it draws from', () => {
    expect(FILTER_VOCABULARY).toEqual({
      toolsExperience: 'tool',
      projectType: 'projectType',
      hardSkills: 'role',
      industry: 'industry',
      requiredAreaOfExpertise: 'industry',
      offeredGratification: 'reward',
      forGratification: 'compensationBasis',
      softSkills: 'softSkill',
      offeredWorkingType: 'workingType',
      locations: 'country',
      teamLocations: 'country',
      usedLanguages: 'language',
      productType: 'productType',
    });
  });

  it('names only real vocabularies and, apart from the area-of-expertise alias, real filter rows', () => {
    const clientKeys = new Set<string>(FILTER_KEYS.map((row) => row.clientKey));
    for (const [filter, vocabulary] of Object.entries(FILTER_VOCABULARY)) {
      expect(VOCABULARY_KEYS).toContain(vocabulary);
      if (filter !== 'requiredAreaOfExpertise') expect(clientKeys.has(filter)).toBe(true);
    }
  });

  it('draws on every vocabulary', () => {
    expect(new Set(Object.values(FILTER_VOCABULARY))).toEqual(new Set(VOCABULARY_KEYS));
  });
});
