import { ACTIVE_WITHIN_DAYS } from '@skillers/domain';
import { useId } from 'react';
import type { FilterStateHandle } from '../hooks/use-filter-state';
import type { ActiveWithinChoice } from '../utils/filter-state';

const CHOICES: readonly ActiveWithinChoice[] = [0, ...ACTIVE_WITHIN_DAYS];

/** "Active within" (any, 7, 30 or 90 days) and "Open only"; applied with the other filters. */
export const FreshnessFilters = ({ handle }: { handle: FilterStateHandle }) => {
  const { filters, dispatch } = handle;
  const id = useId();
  return (
    <div className="filter-panel__freshness">
      <label htmlFor={`${id}-active`}>Active within</label>
      <select
        id={`${id}-active`}
        className="field__control"
        value={filters.activeWithinDays}
        onChange={(event) =>
          dispatch({ type: 'setActiveWithin', days: Number(event.target.value) as ActiveWithinChoice })
        }
      >
        {CHOICES.map((days) => (
          <option key={days} value={days}>
            {days === 0 ? 'Any time' : `${days} days`}
          </option>
        ))}
      </select>
      <label className="filter-panel__check">
        <input
          type="checkbox"
          checked={filters.openOnly}
          onChange={(event) => dispatch({ type: 'setOpenOnly', openOnly: event.target.checked })}
        />
        Open only
      </label>
    </div>
  );
};
