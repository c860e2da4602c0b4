import type { ClientRelaxation, SearchKind } from '@skillers/domain';
import { Button } from '../../../components/ui/button';
import { filterTitle } from '../../../lib/match-line';
import type { FilterStateHandle } from '../hooks/use-filter-state';
import { type FilterState, type OptionFilter, pickedOptions } from '../utils/filter-state';

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

/** "Remove Location: Iceland → 42 teammates", or "Make Location: Iceland optional → …" for a must-have. */
export const relaxationText = (
  relaxation: ClientRelaxation,
  filters: FilterState | null,
  kind: SearchKind,
): string => {
  const { key, label, count } = relaxation;
  const title = filterTitle(key);
  const noun = NOUNS[kind][count === 1 ? 0 : 1];
  if (label !== undefined) return `Make ${title}: ${label} optional → ${count} ${noun}`;
  const picked = filters && OPTION_FILTERS.has(key) ? pickedOptions(filters, key as OptionFilter) : [];
  return `Remove ${title}${picked.length > 0 ? `: ${picked.join(', ')}` : ''} → ${count} ${noun}`;
};

/**
 * When the applied filters match nothing: one button per filter whose removal brings results back,
 * best first, each applying the search again without it. Shown above the closest records.
 */
export const RelaxOptions = ({ kind, handle }: { kind: SearchKind; handle: FilterStateHandle }) => {
  const answer = handle.answers[kind];
  if (!answer || answer.total > 0 || !answer.relax || answer.relax.length === 0) return null;
  return (
    <section className="relax-options" aria-label="Ways to find more">
      <p className="relax-options__lead">Nothing matches every filter. Try:</p>
      <ul className="relax-options__list">
        {answer.relax.map((relaxation) => (
          <li key={`${relaxation.key}-${relaxation.label ?? ''}`}>
            <Button variant="secondary" onClick={() => handle.dispatch({ type: 'relax', relaxation })}>
              {relaxationText(relaxation, handle.applied.filters, kind)}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
};
