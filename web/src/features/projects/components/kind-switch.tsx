import { LISTING_KINDS, type ListingKind } from '../utils/listing-entries';
import './kind-switch.css';

/** Limits the listing to projects, profiles or both. */
export const KindSwitch = ({
  value,
  onChange,
}: {
  value: ListingKind;
  onChange(kind: ListingKind): void;
}) => (
  <fieldset className="kind-switch">
    <legend className="visually-hidden">Show</legend>
    {LISTING_KINDS.map((kind) => (
      <label
        key={kind}
        className={`kind-switch__option${value === kind ? ' kind-switch__option--active' : ''}`}
      >
        <input
          type="radio"
          name="listing-kind"
          value={kind}
          checked={value === kind}
          onChange={() => onChange(kind)}
        />
        {kind}
      </label>
    ))}
  </fieldset>
);
