import { useEffect, useId, useRef } from 'react';
import type { FieldErrors } from '../../lib/form-errors';
import type { SectionDef } from './sections';

interface ErrorSummaryProps {
  sections: readonly SectionDef[];
  errors: FieldErrors;
  /** Grows with every failed submit: each one moves focus here again. */
  failedSubmits: number;
  /** Opens the field's section and focuses the field. */
  onPick(field: string): void;
}

/**
 * The problems of a failed submit, at the top of the form, each a link to its field. It takes focus,
 * so the reader learns at once what went wrong, however far down the form the problems are.
 */
export const ErrorSummary = ({ sections, errors, failedSubmits, onPick }: ErrorSummaryProps) => {
  const root = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const problems = sections.flatMap((section) =>
    section.fields.flatMap((field) => {
      const message = errors[field];
      return message ? [{ field, text: `${section.title}: ${message}` }] : [];
    }),
  );
  const shown = problems.length > 0;

  useEffect(() => {
    if (failedSubmits > 0) root.current?.focus();
  }, [failedSubmits]);

  if (!shown) return null;
  return (
    <div ref={root} className="error-summary" role="alert" tabIndex={-1} aria-labelledby={titleId}>
      <h2 id={titleId} className="error-summary__title">
        Please fix {problems.length === 1 ? 'this' : 'these'} before saving
      </h2>
      <ul className="error-summary__list">
        {problems.map((problem) => (
          <li key={problem.field}>
            <a
              href={`#${problem.field}`}
              className="error-summary__link"
              onClick={(event) => {
                event.preventDefault();
                onPick(problem.field);
              }}
            >
              {problem.text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
};
