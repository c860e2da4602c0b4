import { isKnownOption, TOOL_CATEGORIES, type VocabularyKey } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { ARCHETYPES, EVERYDAY_TOOLS } from './archetypes';
import { CITIES } from './cities';

const unknown = (key: VocabularyKey, labels: readonly string[]) =>
  labels.filter((label) => !isKnownOption(key, label));

describe('demo data catalogue', () => {
  it.each(ARCHETYPES.map((archetype) => [archetype.key, archetype] as const))(
    '%s uses only vocabulary labels',
    (_key, archetype) => {
      const ideas = archetype.ideas;
      expect(unknown('tool', archetype.tools)).toEqual([]);
      expect(unknown('role', archetype.roles)).toEqual([]);
      expect(unknown('projectType', archetype.projectTypes)).toEqual([]);
      expect(unknown('reward', archetype.rewards)).toEqual([]);
      expect(unknown('compensationBasis', archetype.compensationBases)).toEqual([]);
      expect(unknown('softSkill', archetype.softSkills)).toEqual([]);
      expect(
        unknown(
          'industry',
          ideas.flatMap((idea) => idea.industries),
        ),
      ).toEqual([]);
      expect(
        unknown(
          'productType',
          ideas.flatMap((idea) => idea.productTypes),
        ),
      ).toEqual([]);
      expect(archetype.rareToolCategories.every((category) => TOOL_CATEGORIES.includes(category))).toBe(true);
    },
  );

  it('has distinct keys, no repeated labels inside a list, and sensible business shares', () => {
    expect(new Set(ARCHETYPES.map((archetype) => archetype.key)).size).toBe(ARCHETYPES.length);
    for (const archetype of ARCHETYPES) {
      for (const list of [archetype.tools, archetype.roles, archetype.rewards, archetype.projectTypes]) {
        expect(new Set(list).size, archetype.key).toBe(list.length);
      }
      const [lowest, highest] = archetype.bizShare;
      expect(0 <= lowest && lowest <= highest && highest <= 100, archetype.key).toBe(true);
    }
  });

  it('names real countries and languages for every city, and everyday tools from the vocabulary', () => {
    expect(
      unknown(
        'country',
        CITIES.map((city) => city.country),
      ),
    ).toEqual([]);
    expect(
      unknown(
        'language',
        CITIES.flatMap((city) => city.languages),
      ),
    ).toEqual([]);
    expect(unknown('tool', EVERYDAY_TOOLS)).toEqual([]);
  });
});
