import type { SearchKind } from '@skillers/domain';
import { useQuery } from '@tanstack/react-query';
import { FormSection } from '../../../components/listing-form/form-section';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { optionsQuery } from '../../../lib/options';
import type { FilterStateHandle } from '../hooks/use-filter-state';
import { BOX_TITLES, FILTER_BOXES } from '../utils/filter-boxes';
import { pickedCount } from '../utils/filter-state';
import { FilterBoxContent } from './filter-box-content';

export const FILTER_OPTIONS_LOAD_FAILED =
  "We couldn't load the filter options right now. Please try again in a moment.";

interface FilterBoxesProps {
  kind: SearchKind;
  handle: FilterStateHandle;
  onProposed(): void;
}

/**
 * One expandable box per filter, at most one open (docs/web-app.md). Only the open box renders its
 * lists, so hundreds of tools, roles and industries cost nothing until they are looked at.
 */
export const FilterBoxes = ({ kind, handle, onProposed }: FilterBoxesProps) => {
  const options = useQuery(optionsQuery);
  const { filters, dispatch } = handle;
  if (options.isPending) return <Spinner label="Loading the filters..." />;
  if (options.isError) return <Notice tone="error">{FILTER_OPTIONS_LOAD_FAILED}</Notice>;
  return (
    <div className="filter-boxes">
      {FILTER_BOXES.map((box) => {
        const open = filters.openBox === box;
        const count = pickedCount(filters, box, kind);
        return (
          <FormSection
            key={box}
            title={BOX_TITLES[box]}
            required={false}
            summary={count > 0 ? `${count} picked` : undefined}
            open={open}
            onToggle={() => dispatch({ type: 'toggleBox', box })}
          >
            {open && (
              <FilterBoxContent
                box={box}
                kind={kind}
                filters={filters}
                dispatch={dispatch}
                options={options.data}
                onProposed={onProposed}
                answer={handle.answers[kind]}
              />
            )}
          </FormSection>
        );
      })}
    </div>
  );
};
