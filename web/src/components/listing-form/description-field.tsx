import { type CSSProperties, useId } from 'react';

interface DescriptionFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** 6 rows growing to 8 on the add forms, 8 growing to 10 on the edit forms. */
  rows: number;
  maxRows: number;
  error?: string;
}

/** A text box that grows with its text up to `maxRows`, with a running character count. */
export const DescriptionField = ({ label, value, onChange, rows, maxRows, error }: DescriptionFieldProps) => {
  const id = useId();
  const count = Array.from(value).length;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="field__control description-field"
        rows={rows}
        style={{ '--rows': rows, '--max-rows': maxRows } as CSSProperties}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-count`, error && `${id}-error`].filter(Boolean).join(' ')}
      />
      <p id={`${id}-count`} className="field__hint description-field__count">
        {count} {count === 1 ? 'character' : 'characters'}
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
};
