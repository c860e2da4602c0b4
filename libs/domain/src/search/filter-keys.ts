/**
 * The filters' keys, one table per way of naming them: the wire keys and panel labels (`FILTER_KEYS`), the
 * vocabulary each tag filter picks from (`FILTER_VOCABULARY`), and the index's dimensions with the client keys
 * that feed them (`FACET_DIMENSIONS`, `CLIENT_KEY_OF`, `OPTION_KEY_DIMENSIONS`).
 */

import type { VocabularyKey } from '../vocabularies/vocabulary-keys';
import { TAG_FACETS } from './search-document';

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

/**
 * The filters a record is matched on, in index terms. `tools` is the tools filter (a tool at an asked
 * level or higher), `workingType` is Remote/Office, the rest of the first group are tag lists. They are
 * the option filters: facets are counted for them.
 */
export const FACET_DIMENSIONS = [...TAG_FACETS, 'workingType'] as const;
export type FacetDimension = (typeof FACET_DIMENSIONS)[number];

/** The number filters, in index terms. */
export const NUMBER_DIMENSIONS = ['availability', 'durationMonths', 'bizRole', 'deadline'] as const;
export type NumberDimension = (typeof NUMBER_DIMENSIONS)[number];

/** "Active within" and "Open only": measured from the moment of the request, in index terms. */
export const FRESHNESS_DIMENSIONS = ['activeSince', 'openAt'] as const;
export type FreshnessDimension = (typeof FRESHNESS_DIMENSIONS)[number];

export type FilterDimension = FacetDimension | NumberDimension | FreshnessDimension;

/** Every `activeFilters` key (docs/api.md). */
export type ClientFilterKey =
  | 'toolsExperience'
  | 'projectType'
  | 'offeredGratification'
  | 'forGratification'
  | 'softSkills'
  | 'requiredAreaOfExpertise'
  | 'projectDeadline'
  | 'hardSkills'
  | 'offeredWorkingType'
  | 'offeredWorkingTypeActiveOptions'
  | 'usedLanguages'
  | 'locations'
  | 'bizOrTech'
  | 'productType'
  | 'product_type'
  | 'requiredAvailability'
  | 'activeWithinDays'
  | 'openOnly';

/**
 * The client key an answer names each filter by. Two keys that are one filter (`productType` and
 * `product_type`, `offeredWorkingType` and `offeredWorkingTypeActiveOptions`) are named by the first.
 */
export const CLIENT_KEY_OF: Record<FilterDimension, ClientFilterKey> = {
  tools: 'toolsExperience',
  projectType: 'projectType',
  productType: 'productType',
  offeredGratification: 'offeredGratification',
  forGratification: 'forGratification',
  softSkills: 'softSkills',
  hardSkills: 'hardSkills',
  industry: 'requiredAreaOfExpertise',
  usedLanguages: 'usedLanguages',
  locations: 'locations',
  workingType: 'offeredWorkingType',
  availability: 'requiredAvailability',
  durationMonths: 'projectDeadline',
  bizRole: 'bizOrTech',
  deadline: 'projectDeadline',
  activeSince: 'activeWithinDays',
  openAt: 'openOnly',
};

/** The client keys whose picks are options, each with the filter it feeds. */
export const OPTION_KEY_DIMENSIONS = {
  toolsExperience: 'tools',
  projectType: 'projectType',
  productType: 'productType',
  product_type: 'productType',
  offeredGratification: 'offeredGratification',
  forGratification: 'forGratification',
  softSkills: 'softSkills',
  requiredAreaOfExpertise: 'industry',
  hardSkills: 'hardSkills',
  offeredWorkingType: 'workingType',
  offeredWorkingTypeActiveOptions: 'workingType',
  usedLanguages: 'usedLanguages',
  locations: 'locations',
} as const satisfies Partial<Record<ClientFilterKey, FacetDimension>>;
export type OptionClientKey = keyof typeof OPTION_KEY_DIMENSIONS;
export const OPTION_CLIENT_KEYS = Object.keys(OPTION_KEY_DIMENSIONS) as OptionClientKey[];
