import type { FieldIssue } from '@skillers/domain';

export const NETWORK_ERROR_MESSAGE =
  "We couldn't reach the server. Please check your connection and try again.";
export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again later.';

/** A failed API call, carrying what the server said about it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The single field the server blamed, when it named one. */
    readonly field?: string,
    /** One message per invalid field, from request validation. */
    readonly errors: readonly FieldIssue[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const readIssues = (value: unknown): FieldIssue[] =>
  Array.isArray(value)
    ? value.filter(
        (issue): issue is FieldIssue =>
          isRecord(issue) && typeof issue.field === 'string' && typeof issue.message === 'string',
      )
    : [];

/**
 * Turns an error response into an ApiError. The API answers `{statusCode, message, field?, errors?}`;
 * anything else (a proxy's HTML page, an empty body) still yields a readable message.
 */
export const toApiError = (status: number, body: unknown): ApiError => {
  const fallback = status >= 500 || status === 0 ? SERVER_ERROR_MESSAGE : `Request failed (${status}).`;
  if (!isRecord(body)) return new ApiError(status, fallback);
  const message = typeof body.message === 'string' && body.message.trim() ? body.message : fallback;
  const field = typeof body.field === 'string' && body.field ? body.field : undefined;
  return new ApiError(status, message, field, readIssues(body.errors));
};

/** One message per form field: the validation issues, plus the field the server named. */
export const fieldMessages = (error: ApiError): Record<string, string> => {
  const messages: Record<string, string> = {};
  for (const issue of error.errors)
    if (issue.field && !(issue.field in messages)) messages[issue.field] = issue.message;
  if (error.field && !(error.field in messages)) messages[error.field] = error.message;
  return messages;
};

/**
 * Splits a failed call into messages for a form's own fields and one message for the whole form.
 * `failureMessage`, when given, replaces the server's words where the visitor cannot fix the request
 * (a server fault or no answer at all), so the form apologises in its own terms.
 */
export const splitServerErrors = (
  error: unknown,
  fields: readonly string[],
  failureMessage?: string,
): { fieldErrors: Partial<Record<string, string>>; formError: string | null } => {
  if (!(error instanceof ApiError))
    return { fieldErrors: {}, formError: failureMessage ?? SERVER_ERROR_MESSAGE };
  const fieldErrors: Partial<Record<string, string>> = {};
  for (const [field, message] of Object.entries(fieldMessages(error))) {
    if (fields.includes(field)) fieldErrors[field] = message;
  }
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors, formError: null };
  return { fieldErrors, formError: error.isClientError ? error.message : (failureMessage ?? error.message) };
};
