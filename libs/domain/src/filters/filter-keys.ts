import type { VocabularyKey } from '../vocabularies/vocabulary-keys';

export interface FilterKey {
  /** The key the web app uses in its filter state and in `similar_labels_dict`. */
  readonly clientKey: string;
  /** What the filter panel shows. */
  readonly label: string;
  /** The field name the search side uses. */
  readonly backendKey: string;
}

// Every filter's label and request key, the keys docs/api.md ("Traditional filtering") lists.
export const FILTER_KEYS = Object.freeze([
  Object.freeze({ clientKey: 'toolsExperience', label: 'Tools', backendKey: 'tools_experience' }),
  Object.freeze({ clientKey: 'projectType', label: 'Project Type', backendKey: 'project_type' }),
  Object.freeze({ clientKey: 'hardSkills', label: 'Target Roles', backendKey: 'hard_skills' }),
  Object.freeze({ clientKey: 'industry', label: 'Industry', backendKey: 'industry' }),
  Object.freeze({ clientKey: 'offeredGratification', label: 'Reward', backendKey: 'offered_gratification' }),
  Object.freeze({
    clientKey: 'forGratification',
    label: 'Compensation Basis',
    backendKey: 'for_gratification',
  }),
  Object.freeze({ clientKey: 'projectDeadline', label: 'Collab Duration', backendKey: 'deadline' }),
  Object.freeze({ clientKey: 'softSkills', label: 'Soft Skills', backendKey: 'soft_skills' }),
  Object.freeze({ clientKey: 'requiredAvailability', label: 'Hours per Week', backendKey: 'availability' }),
  Object.freeze({ clientKey: 'offeredWorkingType', label: 'Working Type', backendKey: 'working_type' }),
  Object.freeze({ clientKey: 'locations', label: 'Location', backendKey: 'locations' }),
  Object.freeze({ clientKey: 'usedLanguages', label: 'Language', backendKey: 'used_languages' }),
  Object.freeze({ clientKey: 'teamLocations', label: 'Location', backendKey: 'team_locations' }),
  Object.freeze({ clientKey: 'productType', label: 'Product Type', backendKey: 'product_type' }),
  Object.freeze({
    clientKey: 'productDescription',
    label: 'Project Description',
    backendKey: 'project_description',
  }),
] as const);

export type FilterClientKey = (typeof FILTER_KEYS)[number]['clientKey'];
export type FilterBackendKey = (typeof FILTER_KEYS)[number]['backendKey'];

const byClientKey: ReadonlyMap<string, FilterKey> = new Map(FILTER_KEYS.map((row) => [row.clientKey, row]));
const byBackendKey: ReadonlyMap<string, FilterKey> = new Map(FILTER_KEYS.map((row) => [row.backendKey, row]));

export const filterKeyByClientKey = (clientKey: string): FilterKey | undefined => byClientKey.get(clientKey);

export const filterKeyByBackendKey = (backendKey: string): FilterKey | undefined =>
  byBackendKey.get(backendKey);

/**
 * The vocabulary each tag filter picks its options from. `requiredAreaOfExpertise` is the project filter
 * state's name for the industry filter, so it maps to the same list.
 */
export const FILTER_VOCABULARY = Object.freeze({
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
} as const satisfies Record<string, VocabularyKey>);

export type TagFilterKey = keyof typeof FILTER_VOCABULARY;
