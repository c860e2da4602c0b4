import { useId } from 'react';
import type { FieldErrors } from '../../lib/form-errors';
import {
  AVAILABILITY_UNITS,
  capRangeHours,
  capWeeklyHours,
  type ListingFormValues,
  WEEKLY_HOURS_OPTIONS,
} from '../../lib/listing-form';
import { TextField } from '../ui/text-field';
import { NumberSuggestions } from './number-suggestions';

type AvailabilityValues = Pick<
  ListingFormValues,
  'availability' | 'availabilityFrom' | 'availabilityTo' | 'availabilityType'
>;

interface AvailabilityFieldsProps {
  value: AvailabilityValues;
  onChange(patch: Partial<AvailabilityValues>): void;
  errors: FieldErrors;
}

/**
 * Weekly availability: up to how many hours a week (suggestions 3 to 100, typed values capped at
 * 100, empty meaning none), and the usual range of hours per week or per month.
 */
export const AvailabilityFields = ({ value, onChange, errors }: AvailabilityFieldsProps) => {
  const suggestionsId = useId();
  const unitId = useId();
  return (
    <div className="availability-fields">
      <TextField
        label="Up to (hours per week)"
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        list={suggestionsId}
        placeholder="e.g. 20"
        hint="Pick a suggestion or type a number up to 100. Empty means not set."
        value={value.availability}
        onChange={(event) => onChange({ availability: capWeeklyHours(event.target.value) })}
        error={errors.availability}
      />
      <NumberSuggestions id={suggestionsId} values={WEEKLY_HOURS_OPTIONS} />
      <fieldset className="availability-fields__range">
        <legend className="field__label">Usual range</legend>
        <TextField
          label="From (hours)"
          type="number"
          inputMode="numeric"
          min={0}
          value={value.availabilityFrom}
          onChange={(event) => onChange({ availabilityFrom: capRangeHours(event.target.value) })}
          error={errors.availabilityFrom}
        />
        <TextField
          label="To (hours)"
          type="number"
          inputMode="numeric"
          min={0}
          value={value.availabilityTo}
          onChange={(event) => onChange({ availabilityTo: capRangeHours(event.target.value) })}
          error={errors.availabilityTo}
        />
        <div className="field">
          <label className="field__label" htmlFor={unitId}>
            Counted
          </label>
          <select
            id={unitId}
            className="field__control"
            value={value.availabilityType}
            onChange={(event) => onChange({ availabilityType: event.target.value })}
          >
            {AVAILABILITY_UNITS.map((unit) => (
              <option key={unit.value} value={unit.value}>
                {unit.label}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
    </div>
  );
};
