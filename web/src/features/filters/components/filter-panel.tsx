import { FORM_MESSAGES, type SearchKind } from '@skillers/domain';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { useFlash } from '../../../lib/use-flash';
import { SaveSearchButton } from '../../saved-searches/components/save-search-button';
import type { FilterStateHandle } from '../hooks/use-filter-state';
import { FilterBoxes } from './filter-boxes';
import { FreshnessFilters } from './freshness-filters';
import { KindTabs } from './kind-tabs';
import { ShortLabel } from './short-label';
import '../../../components/listing-form/listing-form.css';
import './filter-panel.css';

/** The proposal's success banner shows for 3.5 seconds. */
export const PROPOSAL_BANNER_MS = 3500;

/** The spec falls back to the whole list in silence; a short polite line says why (DESIGN section 7). */
export const FILTERING_FAILED =
  "We couldn't apply your filters right now, so everything is shown instead. Please try again in a moment.";

interface FilterPanelProps {
  /** Which records the filters narrow: it decides the deadline box (a date or months). */
  kind: SearchKind;
  /** Given on the find screen, which searches projects or profiles. */
  onKindChange?(kind: SearchKind): void;
  handle: FilterStateHandle;
}

/**
 * The search box, Adjust Filters (which shows or hides the boxes), Apply Filters and
 * Clear Filters. Submitting the search box applies the filters too.
 */
export const FilterPanel = ({ kind, onKindChange, handle }: FilterPanelProps) => {
  const { filters, dispatch, filteringFailed } = handle;
  const [expanded, setExpanded] = useState(false);
  const [proposed, showProposed] = useFlash(PROPOSAL_BANNER_MS);
  const id = useId();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    dispatch({ type: 'apply' });
  };

  return (
    <form className="filter-panel" role="search" aria-label="Filters" onSubmit={apply} noValidate>
      <div className="filter-panel__bar">
        {onKindChange && <KindTabs value={kind} onChange={onKindChange} />}
        <div className="filter-panel__search">
          <label className="visually-hidden" htmlFor={`${id}-search`}>
            Search
          </label>
          <input
            id={`${id}-search`}
            type="search"
            className="field__control"
            placeholder="What are you looking for?"
            autoComplete="off"
            value={filters.textSearch}
            onChange={(event) => dispatch({ type: 'setText', text: event.target.value })}
          />
        </div>
        <div className="filter-panel__actions">
          <Button
            variant="secondary"
            aria-label="Adjust Filters"
            aria-expanded={expanded}
            aria-controls={`${id}-boxes`}
            onClick={() => setExpanded((current) => !current)}
          >
            <ShortLabel full="Adjust Filters" short="Adjust" under={1450} />
          </Button>
          <Button type="submit" aria-label="Apply Filters">
            <ShortLabel full="Apply Filters" short="Apply" under={800} />
          </Button>
          <Button variant="ghost" aria-label="Clear Filters" onClick={() => dispatch({ type: 'clear' })}>
            <ShortLabel full="Clear Filters" short="Clear" under={800} />
          </Button>
          <SaveSearchButton kind={kind} filters={filters} />
        </div>
      </div>
      <FreshnessFilters handle={handle} />
      {filteringFailed && <Notice tone="error">{FILTERING_FAILED}</Notice>}
      {proposed && <Notice tone="success">{proposed}</Notice>}
      <div id={`${id}-boxes`} hidden={!expanded}>
        {expanded && (
          <FilterBoxes
            kind={kind}
            handle={handle}
            onProposed={() => showProposed(FORM_MESSAGES.proposalSent)}
          />
        )}
      </div>
    </form>
  );
};
