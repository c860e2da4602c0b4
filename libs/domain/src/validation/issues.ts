import type { z } from 'zod';

export interface FieldIssue {
  field: string;
  message: string;
}

/** Flattens zod issues to one message per field, first one wins, in the order the schema reports them. */
export const fieldIssues = (error: z.ZodError): FieldIssue[] => {
  const seen = new Set<string>();
  const issues: FieldIssue[] = [];
  for (const issue of error.issues) {
    const field =
      issue.path.map(String).join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : '');
    if (seen.has(field)) continue;
    seen.add(field);
    const message =
      issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : issue.message;
    issues.push({ field, message });
  }
  return issues;
};
