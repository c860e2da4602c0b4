import { AVAILABILITY_FILTER_MODES } from '@skillers/domain';
import { useId } from 'react';
import { NumberSuggestions } from '../../../components/listing-form/number-suggestions';
import { TextField } from '../../../components/ui/text-field';
import { WEEKLY_HOURS_OPTIONS } from '../../../lib/listing-form';
import type { AvailabilityMode } from '../utils/filter-state';

interface AvailabilityFilterProps {
  hours: string;
  mode: AvailabilityMode;
  onHoursChange(typed: string): void;
  onModeChange(mode: AvailabilityMode): void;
}

/** Weekly hours compared "Up to" or "At least" (docs/web-app.md); empty or 0 asks for nothing. */
export const AvailabilityFilter = ({ hours, mode, onHoursChange, onModeChange }: AvailabilityFilterProps) => {
  const id = useId();
  return (
    <div className="availability-filter">
      <fieldset className="choice-group">
        <legend className="visually-hidden">Compare weekly hours</legend>
        {AVAILABILITY_FILTER_MODES.map((option) => (
          <label key={option} className="choice-group__option">
            <input
              type="radio"
              name={`${id}-mode`}
              value={option}
              checked={mode === option}
              onChange={() => onModeChange(option)}
            />
            {option}
          </label>
        ))}
      </fieldset>
      <TextField
        label="Hours per week"
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        list={`${id}-hours`}
        placeholder="e.g. 20"
        hint="Pick a suggestion or type a number up to 100. Empty means any."
        value={hours}
        onChange={(event) => onHoursChange(event.target.value)}
      />
      <NumberSuggestions id={`${id}-hours`} values={WEEKLY_HOURS_OPTIONS} />
    </div>
  );
};
