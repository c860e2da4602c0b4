import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import './text-field.css';

interface FieldFrameProps {
  label: string;
  error?: string;
  hint?: string;
  className?: string;
}

/** What ties a control to its frame: its id, and the hint and error read with it. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The label, hint and error around one control; the error sits right under it and is read with it. */
const FieldFrame = ({
  label,
  error,
  hint,
  className,
  control,
}: FieldFrameProps & { control: (props: ControlProps) => ReactNode }) => {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {control({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [error && errorId, hint && hintId].filter(Boolean).join(' ') || undefined,
      })}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
};

type TextFieldProps = FieldFrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled input whose error message sits right under it and is read with it. */
export const TextField = ({ label, error, hint, className, ...input }: TextFieldProps) => (
  <FieldFrame
    label={label}
    error={error}
    hint={hint}
    className={className}
    control={(control) => <input className="field__control" {...control} {...input} />}
  />
);

type TextAreaFieldProps = FieldFrameProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

export const TextAreaField = ({ label, error, hint, className, ...textarea }: TextAreaFieldProps) => (
  <FieldFrame
    label={label}
    error={error}
    hint={hint}
    className={className}
    control={(control) => (
      <textarea className="field__control field__control--multiline" {...control} {...textarea} />
    )}
  />
);
