import { ApiError } from '../../../lib/api-error';

/** A 401 means the session is over (the token was refused): the visitor texts apply again. */
export const sessionEnded = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

/**
 * The spec's failure text, unless the session ended (then the login text). `reasons` lets the
 * post composer show what the API refused (an empty post, an image that is not what it claims).
 */
export const failureText = (
  error: unknown,
  texts: { loginRequired: string; failed: string },
  { reasons = false }: { reasons?: boolean } = {},
): string => {
  if (sessionEnded(error)) return texts.loginRequired;
  if (reasons && error instanceof ApiError && error.isClientError) return error.message;
  return texts.failed;
};
