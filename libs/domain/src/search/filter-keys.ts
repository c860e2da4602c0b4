import { TAG_FACETS } from './search-document';

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

/** Every `activeFilters` key (spec section 7). */
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
