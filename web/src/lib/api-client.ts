import { ApiError, NETWORK_ERROR_MESSAGE, toApiError } from './api-error';
import { tokenStorage } from './token-storage';

const API_BASE = '/api';

const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Calls the API with the stored token; resolves with the JSON answer or rejects with an ApiError. */
export const apiRequest = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const token = tokenStorage.get();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  const parsed = await readBody(response);
  if (response.ok) return parsed as T;
  // A rejected token is useless from now on: forgetting it signs the user out everywhere at once.
  if (response.status === 401 && token) tokenStorage.clear();
  throw toApiError(response.status, parsed);
};

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, body),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>('PATCH', path, body),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, body),
  delete: <T>(path: string, body?: unknown) => apiRequest<T>('DELETE', path, body),
};
