/** The option lists, by key; a leaf module, so the filter keys can name them without importing the lists. */
export const VOCABULARY_KEYS = [
  'projectType',
  'reward',
  'compensationBasis',
  'industry',
  'productType',
  'role',
  'country',
  'softSkill',
  'language',
  'workingType',
  'tool',
] as const;

export type VocabularyKey = (typeof VOCABULARY_KEYS)[number];
