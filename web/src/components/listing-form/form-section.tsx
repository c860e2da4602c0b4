import { type ReactNode, useId } from 'react';
import { ChevronDownIcon } from '../ui/icons';

/** Required sections carry a red x until their required fields are filled. */
export const RequiredMark = () => (
  <>
    <span className="required-mark" aria-hidden="true">
      ✕
    </span>
    <span className="visually-hidden"> (required)</span>
  </>
);

interface FormSectionProps {
  /** The section's id in its form, so a link to one of its fields can find it. */
  sectionId?: string;
  title: string;
  required: boolean;
  /** A short state shown beside the title, e.g. "3 picked". */
  summary?: string;
  open: boolean;
  onToggle(): void;
  children: ReactNode;
}

/**
 * One expandable part of a long form; the form keeps at most one open. A closed section keeps its
 * content in the page (hidden), so what was typed in it stays.
 */
export const FormSection = ({
  sectionId,
  title,
  required,
  summary,
  open,
  onToggle,
  children,
}: FormSectionProps) => {
  const panelId = useId();
  return (
    <section className={`form-section${open ? ' form-section--open' : ''}`} data-section={sectionId}>
      <h2 className="form-section__heading">
        <button
          type="button"
          className="form-section__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
        >
          <span className="form-section__title">
            {title}
            {required && <RequiredMark />}
          </span>
          {summary && <span className="form-section__summary">{summary}</span>}
          <span className="form-section__chevron">
            <ChevronDownIcon />
          </span>
        </button>
      </h2>
      <div id={panelId} className="form-section__panel" hidden={!open}>
        {children}
      </div>
    </section>
  );
};
