import { useId } from 'react';
import { capCollabMonths, COLLAB_DURATION_OPTIONS } from '../../lib/listing-form';
import { TextField } from '../ui/text-field';
import { NumberSuggestions } from './number-suggestions';

interface CollabDurationFieldProps {
  /** The filters ask it as "Willing to Collab Until". */
  label?: string;
  value: string;
  onChange(value: string): void;
  error?: string;
}

/** How many months a profile offers to collaborate: suggestions 1 to 60, typed values capped at 60. */
export const CollabDurationField = ({
  label = 'Collaboration duration (months)',
  value,
  onChange,
  error,
}: CollabDurationFieldProps) => {
  const suggestionsId = useId();
  return (
    <>
      <TextField
        label={label}
        type="number"
        inputMode="numeric"
        min={0}
        max={60}
        list={suggestionsId}
        placeholder="e.g. 12"
        hint="Pick a suggestion or type a number of months up to 60. Empty means not set."
        value={value}
        onChange={(event) => onChange(capCollabMonths(event.target.value))}
        error={error}
      />
      <NumberSuggestions id={suggestionsId} values={COLLAB_DURATION_OPTIONS} />
    </>
  );
};
