import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { splitServerErrors } from './api-error';
import { type FieldErrors, validateForm } from './form-errors';

interface ServerFormOptions<Field extends string, Schema extends z.ZodType, Result> {
  /** The form's text boxes; a server message about any other field appears above the form. */
  fields: readonly Field[];
  initialValues: Record<Field, string> | (() => Record<Field, string>);
  /** The shared schema the API checks too, so the form shows the same messages before sending. */
  schema: Schema;
  /** What the schema checks when it is not the values as typed. */
  toInput?: (values: Record<Field, string>) => unknown;
  send: (data: z.output<Schema>) => Promise<Result>;
  onSuccess?: (result: Result, data: z.output<Schema>) => void;
  /** Said above the form instead of the server's words when the visitor cannot fix the failure. */
  failureMessage?: string;
  /** Shows a refusal the form presents its own way; returns whether it did. */
  onRefused?: (error: unknown) => boolean;
}

/**
 * A form of text boxes sent to the API: values, one error per field, one above the form, and the
 * pending send. Typing in a box clears its error; nothing is sent until the schema accepts it.
 */
export const useServerForm = <Field extends string, Schema extends z.ZodType, Result>({
  fields,
  initialValues,
  schema,
  toInput,
  send,
  onSuccess,
  failureMessage,
  onRefused,
}: ServerFormOptions<Field, Schema, Result>) => {
  const [values, setValues] = useState<Record<Field, string>>(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: send,
    onSuccess,
    onError: (error) => {
      if (onRefused?.(error)) return;
      const { fieldErrors, formError: message } = splitServerErrors(error, fields, failureMessage);
      setErrors(fieldErrors);
      setFormError(message);
    },
  });

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return {
    values,
    setValues,
    errors,
    formError,
    isPending: mutation.isPending,
    change,

    /** The props that bind a TextField or TextAreaField to one field. */
    field: (name: Field) => ({
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        change(name, event.target.value),
      error: errors[name],
    }),

    submit(event: FormEvent) {
      event.preventDefault();
      setFormError(null);
      const result = validateForm(schema, toInput ? toInput(values) : values);
      if (!result.ok) {
        setErrors(result.errors);
        return;
      }
      setErrors({});
      mutation.mutate(result.data);
    },
  };
};
