import type { ClientRelaxEntry, SearchKind } from '@skillers/domain';
import { Button } from '../../../components/ui/button';
import type { FilterStateHandle } from '../hooks/use-filter-state';
import { relaxationText } from '../utils/relaxation-text';

const relaxationKey = (relaxation: ClientRelaxEntry): string =>
  'remove' in relaxation
    ? relaxation.remove.map(({ key }) => key).join('+')
    : `${relaxation.key}-${relaxation.label ?? ''}`;

/**
 * When the applied filters match nothing: one button per filter whose removal brings results back,
 * best first, each applying the search again without it; or, when no single filter does, one button that
 * drops the smallest set of filters that does. Shown above the closest records.
 */
export const RelaxOptions = ({ kind, handle }: { kind: SearchKind; handle: FilterStateHandle }) => {
  const answer = handle.answers[kind];
  if (!answer || answer.total > 0 || !answer.relax || answer.relax.length === 0) return null;
  return (
    <section className="relax-options" aria-label="Ways to find more">
      <p className="relax-options__lead">Nothing matches every filter. Try:</p>
      <ul className="relax-options__list">
        {answer.relax.map((relaxation) => (
          <li key={relaxationKey(relaxation)}>
            <Button variant="secondary" onClick={() => handle.dispatch({ type: 'relax', relaxation })}>
              {relaxationText(relaxation, handle.applied.filters, kind)}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
};
