import { DEFAULT_FILTER_TOOL_LEVEL, FILTER_VOCABULARY, type SearchKind } from '@skillers/domain';
import type { Dispatch, ReactNode } from 'react';
import { CollabDurationField } from '../../../components/listing-form/collab-duration-field';
import { DeadlinePicker } from '../../../components/listing-form/deadline-picker';
import { RoleSplitField } from '../../../components/listing-form/role-split-field';
import { TagPicker } from '../../../components/listing-form/tag-picker';
import { ToolsPicker } from '../../../components/listing-form/tools-picker';
import type { OptionLists } from '../../../lib/options';
import { BOX_TITLES } from '../utils/filter-boxes';
import {
  excludedOptions,
  type FilterAction,
  type FilterBox,
  type FilterState,
  type OptionFilter,
  PROPOSAL_TYPES,
  type SearchExtras,
} from '../utils/filter-state';
import { AvailabilityFilter } from './availability-filter';
import { MustHaveToggle } from './must-have-toggle';
import { MustNotToggle } from './must-not-toggle';
import { ProposeOption } from './propose-option';

interface FilterBoxContentProps {
  box: FilterBox;
  kind: SearchKind;
  filters: FilterState;
  dispatch: Dispatch<FilterAction>;
  options: OptionLists;
  onProposed(): void;
  /** The last applied search's answer, whose facet counts show beside the options. */
  answer?: SearchExtras;
}

/** What one open box holds: its All and Picked lists, or the control of its number filter. */
export const FilterBoxContent = ({
  box,
  kind,
  filters,
  dispatch,
  options,
  onProposed,
  answer,
}: FilterBoxContentProps) => {
  const counts = answer?.facets?.[box as OptionFilter];
  // An excluded option is no pick: it offers only to be included again.
  const optionToggles = (filter: OptionFilter) => (option: string) => {
    const excluded = excludedOptions(filters, filter).includes(option);
    return (
      <>
        {!excluded && (
          <MustHaveToggle
            option={option}
            pressed={filters.mustHave[filter]?.includes(option) ?? false}
            onToggle={() => dispatch({ type: 'toggleMustHave', filter, option })}
          />
        )}
        <MustNotToggle
          option={option}
          pressed={excluded}
          onToggle={() => dispatch({ type: 'toggleMustNot', filter, option })}
        />
      </>
    );
  };
  const filterType = PROPOSAL_TYPES[box];
  const renderNoMatch =
    filterType &&
    ((query: string, clearQuery: () => void): ReactNode => (
      <ProposeOption
        filterType={filterType}
        proposition={query}
        onProposed={() => {
          clearQuery();
          onProposed();
        }}
      />
    ));

  switch (box) {
    case 'toolsExperience':
      return (
        <ToolsPicker
          tools={options.tool}
          value={filters.toolsExperience}
          minLevel={DEFAULT_FILTER_TOOL_LEVEL}
          onChange={(tools) => dispatch({ type: 'setTools', tools })}
          renderNoMatch={renderNoMatch}
          counts={counts}
          excluded={excludedOptions(filters, 'toolsExperience')}
          renderPicked={optionToggles('toolsExperience')}
        />
      );
    case 'requiredAvailability':
      return (
        <AvailabilityFilter
          hours={filters.requiredAvailabilityHours}
          mode={filters.requiredAvailabilityOption}
          onHoursChange={(typed) => dispatch({ type: 'setAvailabilityHours', typed })}
          onModeChange={(option) => dispatch({ type: 'setAvailabilityOption', option })}
        />
      );
    case 'projectDeadline':
      // Projects end on a date; profiles offer a number of months.
      return kind === 'project' ? (
        <DeadlinePicker
          label="Willing to Collab Until"
          value={filters.projectDeadline}
          onChange={(day) => dispatch({ type: 'setProjectDeadline', day })}
        />
      ) : (
        <CollabDurationField
          label="Willing to Collab Until (months from now)"
          value={filters.deadlineOption}
          onChange={(typed) => dispatch({ type: 'setDeadlineOption', typed })}
        />
      );
    case 'bizOrTech':
      return (
        <RoleSplitField
          value={{ bizRole: filters.bizOrTechLeft, techRole: filters.bizOrTechRight }}
          onChange={(split) => dispatch({ type: 'setBizOrTech', split })}
          errors={{}}
          hint="The two shares always add up to 100. Left empty, any split matches."
        />
      );
    default:
      return (
        <TagPicker
          label={BOX_TITLES[box]}
          choices={options[FILTER_VOCABULARY[box]].map((label) => ({ label }))}
          picked={filters[box]}
          onChange={(picked) => dispatch({ type: 'setTags', filter: box, picked })}
          renderNoMatch={renderNoMatch}
          counts={counts}
          excluded={excludedOptions(filters, box)}
          renderPicked={optionToggles(box)}
        />
      );
  }
};
