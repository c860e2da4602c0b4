import type { SearchKind, UnderstoodFilter, UnderstoodLabels } from '@skillers/domain';
import type { FilterStateHandle } from '../hooks/use-filter-state';
import { BOX_TITLES } from '../utils/filter-boxes';
import { excludedOptions } from '../utils/filter-state';

interface Chip {
  filter: UnderstoodFilter;
  label: string;
  ruledOut: boolean;
}

const chipsOf = (labels: UnderstoodLabels, ruledOut: boolean): Chip[] =>
  (Object.entries(labels) as [UnderstoodFilter, string[]][]).flatMap(([filter, list]) =>
    list.map((label) => ({ filter, label, ruledOut })),
  );

const resultCount = (total: number) =>
  `${total.toLocaleString('en-GB')} ${total === 1 ? 'result' : 'results'}`;

/**
 * Above the results of a search: how many records it found and what the server understood of its text, one
 * chip per label ("React Native", "not: Full Stack Developer"). An understood label only ranks: "Make it a
 * filter" picks it in the panel (a ruled-out one as excluded), so that it narrows; "Remove" stops it
 * counting. Both run the search again.
 */
export const SearchSummary = ({ kind, handle }: { kind: SearchKind; handle: FilterStateHandle }) => {
  const answer = handle.answers[kind];
  if (!answer) return null;
  const { understood } = answer;
  const chips = understood ? [...chipsOf(understood.labels, false), ...chipsOf(understood.not, true)] : [];
  return (
    <section className="search-summary" aria-label="Search summary">
      <p className="search-summary__count" role="status">
        {resultCount(answer.total)}
      </p>
      {chips.length > 0 && (
        <div className="search-summary__understood">
          <span className="search-summary__lead">Understood:</span>
          <ul className="search-summary__chips">
            {chips.map(({ filter, label, ruledOut }) => {
              const name = ruledOut ? `not: ${label}` : label;
              return (
                <li
                  key={`${ruledOut ? 'not' : 'is'}-${filter}-${label}`}
                  className={`understood-chip${ruledOut ? ' understood-chip--not' : ''}`}
                  title={BOX_TITLES[filter]}
                >
                  <span className="understood-chip__label">{name}</span>
                  {!(ruledOut && excludedOptions(handle.filters, filter).includes(label)) && (
                    <button
                      type="button"
                      className="understood-chip__action"
                      aria-label={`Make ${name} a filter`}
                      onClick={() =>
                        handle.dispatch({
                          type: ruledOut ? 'excludeUnderstood' : 'pickUnderstood',
                          filter,
                          label,
                        })
                      }
                    >
                      Make it a filter
                    </button>
                  )}
                  <button
                    type="button"
                    className="understood-chip__action"
                    aria-label={`Remove ${name}`}
                    onClick={() => handle.dispatch({ type: 'dismissUnderstood', filter, label })}
                  >
                    Remove
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
};
