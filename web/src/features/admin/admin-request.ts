import { ApiError, NETWORK_ERROR_MESSAGE, toApiError } from '../../lib/api-error';

/**
 * A call made with the admin token rather than the signed-in user's: the shared API client always sends the
 * user's token, so admin screens make their own requests.
 */
export const adminRequest = async <T>(
  adminToken: string,
  method: 'GET' | 'POST',
  path: string,
): Promise<T> => {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: { accept: 'application/json', authorization: `Bearer ${adminToken}` },
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw toApiError(response.status, body);
  return body as T;
};

/** A 401 from an admin call: the token is wrong, and the screen should ask for it again. */
export const adminRefusal = (error: unknown): string | undefined =>
  error instanceof ApiError && error.status === 401 ? error.message : undefined;
