import type { ClientRelaxation, SearchKind } from '@skillers/domain';
import { filterTitle } from '../../../lib/match-line';
import { type FilterState, includedOptions, type OptionFilter } from './filter-state';

const NOUNS: Record<SearchKind, [one: string, many: string]> = {
  teammate: ['teammate', 'teammates'],
  project: ['project', 'projects'],
};

const OPTION_FILTERS = new Set<string>([
  'toolsExperience',
  'projectType',
  'productType',
  'offeredGratification',
  'forGratification',
  'softSkills',
  'requiredAreaOfExpertise',
  'hardSkills',
  'offeredWorkingType',
  'usedLanguages',
  'locations',
]);

/**
 * "Remove Location: Iceland → 42 teammates", "Remove Active within: 7 days → …", "Make Location: Iceland
 * optional → …" for a must-have, or "Stop excluding Location: Iceland → …" for a must-not.
 */
export const relaxationText = (
  relaxation: ClientRelaxation,
  filters: FilterState | null,
  kind: SearchKind,
): string => {
  const { key, label, mustNot, count } = relaxation;
  const noun = NOUNS[kind][count === 1 ? 0 : 1];
  if (key === 'activeWithinDays') {
    const days = filters?.activeWithinDays;
    return `Remove Active within${days ? `: ${days} days` : ''} → ${count} ${noun}`;
  }
  if (key === 'openOnly') return `Remove Open only → ${count} ${noun}`;
  const title = filterTitle(key);
  if (label !== undefined && mustNot) return `Stop excluding ${title}: ${label} → ${count} ${noun}`;
  if (label !== undefined) return `Make ${title}: ${label} optional → ${count} ${noun}`;
  const picked = filters && OPTION_FILTERS.has(key) ? includedOptions(filters, key as OptionFilter) : [];
  return `Remove ${title}${picked.length > 0 ? `: ${picked.join(', ')}` : ''} → ${count} ${noun}`;
};
