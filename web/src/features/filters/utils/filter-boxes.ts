import { FILTER_KEYS, type FilterClientKey } from '@skillers/domain';
import type { FilterBox } from './filter-state';

/** The boxes in the order of the profile filter panel (docs/web-app.md), then the business/tech split. */
export const FILTER_BOXES: readonly FilterBox[] = [
  'productType',
  'projectType',
  'requiredAreaOfExpertise',
  'hardSkills',
  'softSkills',
  'toolsExperience',
  'usedLanguages',
  'locations',
  'requiredAvailability',
  'offeredWorkingType',
  'projectDeadline',
  'offeredGratification',
  'forGratification',
  'bizOrTech',
];

const labelOf = (clientKey: FilterClientKey): string =>
  FILTER_KEYS.find((row) => row.clientKey === clientKey)?.label ?? clientKey;

/** Each box is titled with the label of its filter key. */
export const BOX_TITLES: Record<FilterBox, string> = {
  productType: labelOf('productType'),
  projectType: labelOf('projectType'),
  requiredAreaOfExpertise: labelOf('industry'),
  hardSkills: labelOf('hardSkills'),
  softSkills: labelOf('softSkills'),
  toolsExperience: labelOf('toolsExperience'),
  usedLanguages: labelOf('usedLanguages'),
  locations: labelOf('locations'),
  requiredAvailability: labelOf('requiredAvailability'),
  offeredWorkingType: labelOf('offeredWorkingType'),
  projectDeadline: labelOf('projectDeadline'),
  offeredGratification: labelOf('offeredGratification'),
  forGratification: labelOf('forGratification'),
  // The split has no row in the filter-key table; the forms call it this.
  bizOrTech: 'Business / Tech',
};
