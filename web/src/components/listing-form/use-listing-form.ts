import { FORM_MESSAGES } from '@skillers/domain';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import type { z } from 'zod';
import { splitServerErrors } from '../../lib/api-error';
import type { FieldErrors } from '../../lib/form-errors';
import { checkListing } from '../../lib/listing-form';
import type { SectionDef } from './sections';

export const LISTING_SAVE_FAILED = "We couldn't save this right now. Please try again in a moment.";

/**
 * The state of a project or profile form: its values, the one open section, and the errors. A
 * problem opens the section that holds it, since the reader cannot see inside closed ones.
 */
export const useListingForm = <Values extends object>(initial: Values, sections: readonly SectionDef[]) => {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [openSection, setOpenSection] = useState<string | null>(sections[0]?.id ?? null);
  const [failedSubmits, setFailedSubmits] = useState(0);

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    if (Object.keys(next).length > 0) setFailedSubmits((count) => count + 1);
    const first = sections.find((section) => section.fields.some((field) => next[field]));
    if (first) setOpenSection(first.id);
  };

  return {
    values,
    errors,
    formError,
    openSection,
    failedSubmits,

    change(patch: Partial<Values>) {
      setValues((current) => ({ ...current, ...patch }));
      setErrors((current) => {
        const next = { ...current };
        for (const field of Object.keys(patch)) delete next[field];
        return next;
      });
    },

    /** Only one section is open at a time: opening one closes the other. */
    toggle(id: string) {
      setOpenSection((current) => (current === id ? null : id));
    },

    /** Opens the section that holds `field` and focuses the field (the first control showing a problem). */
    focusField(field: string) {
      const section = sections.find((candidate) => candidate.fields.includes(field));
      if (!section) return;
      flushSync(() => setOpenSection(section.id));
      const panel = document.querySelector(`[data-section="${section.id}"] .form-section__panel`);
      const target =
        panel?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
        panel?.querySelector<HTMLElement>('input, textarea, select, button');
      target?.focus();
    },

    /**
     * The request body when the form is complete and valid. Otherwise nothing is sent: a missing
     * required field raises the spec's alert, and every problem is shown under its field.
     */
    check<Schema extends z.ZodType>(schema: Schema, raw: unknown): z.output<Schema> | null {
      setFormError(null);
      const result = checkListing(schema, raw);
      if (result.ok) {
        setErrors({});
        return result.data;
      }
      if (result.missingRequired) window.alert(FORM_MESSAGES.requiredFields);
      showErrors(result.errors);
      return null;
    },

    /** Shows what the server refused, politely: its own words for our mistakes, ours for its. */
    fail(error: unknown) {
      const fields = sections.flatMap((section) => section.fields);
      const { fieldErrors, formError: message } = splitServerErrors(error, fields, LISTING_SAVE_FAILED);
      showErrors(fieldErrors);
      setFormError(message);
    },

    /** Back to the defaults, e.g. after a successful add. */
    reset() {
      setValues(initial);
      setErrors({});
      setFormError(null);
      setOpenSection(sections[0]?.id ?? null);
    },
  };
};

export type ListingFormState<Values extends object> = ReturnType<typeof useListingForm<Values>>;
