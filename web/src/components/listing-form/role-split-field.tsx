import type { FieldErrors } from '../../lib/form-errors';
import { type RoleSplit, splitRoles } from '../../lib/listing-form';
import { TextField } from '../ui/text-field';

interface RoleSplitFieldProps {
  value: RoleSplit;
  onChange(next: RoleSplit): void;
  errors: FieldErrors;
  /** What empty boxes mean where the control is used. */
  hint?: string;
}

/**
 * The business and tech shares of the work: typing one sets the other so they
 * always add up to 100. The boxes take any text, so clearing them or typing a word clears both,
 * which means the even 50/50 split once saved.
 */
export const RoleSplitField = ({
  value,
  onChange,
  errors,
  hint = 'The two shares always add up to 100. Left empty, the split is 50/50.',
}: RoleSplitFieldProps) => {
  const business = Number(value.bizRole || 50);
  return (
    <div className="role-split">
      <div className="role-split__inputs">
        <TextField
          label="Business (%)"
          inputMode="numeric"
          value={value.bizRole}
          onChange={(event) => onChange(splitRoles(event.target.value, 'bizRole'))}
          error={errors.bizRole}
        />
        <TextField
          label="Tech (%)"
          inputMode="numeric"
          value={value.techRole}
          onChange={(event) => onChange(splitRoles(event.target.value, 'techRole'))}
          error={errors.techRole}
        />
      </div>
      <div className="role-split__bar" aria-hidden="true">
        <span className="role-split__business" style={{ width: `${business}%` }} />
      </div>
      <p className="field__hint">{hint}</p>
    </div>
  );
};
