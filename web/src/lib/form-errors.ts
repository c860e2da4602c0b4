import { fieldIssues } from '@skillers/domain';
import type { z } from 'zod';

export type FieldErrors = Partial<Record<string, string>>;

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** Checks form values against a shared schema, giving one message per field. */
export const validateForm = <Schema extends z.ZodType>(
  schema: Schema,
  values: unknown,
): Validation<z.infer<Schema>> => {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of fieldIssues(result.error)) errors[issue.field] = issue.message;
  return { ok: false, errors };
};
