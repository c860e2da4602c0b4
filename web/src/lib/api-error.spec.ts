import { describe, expect, it } from 'vitest';
import { ApiError, fieldMessages, SERVER_ERROR_MESSAGE, splitServerErrors, toApiError } from './api-error';

describe('toApiError', () => {
  it('keeps the message and the field the API names', () => {
    const error = toApiError(401, { statusCode: 401, message: 'Cant find user', field: 'email' });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(401);
    expect(error.message).toBe('Cant find user');
    expect(error.field).toBe('email');
    expect(error.isClientError).toBe(true);
  });

  it('keeps well-formed validation issues and drops malformed ones', () => {
    const error = toApiError(400, {
      statusCode: 400,
      message: 'Please enter your email',
      errors: [
        { field: 'email', message: 'Please enter your email' },
        { field: 'password' },
        'not an issue',
        { field: 'password', message: 'Please enter a password' },
      ],
    });
    expect(error.errors).toEqual([
      { field: 'email', message: 'Please enter your email' },
      { field: 'password', message: 'Please enter a password' },
    ]);
  });

  it('gives a readable message when the body is not the API shape', () => {
    expect(toApiError(502, '<html>Bad gateway</html>').message).toBe(SERVER_ERROR_MESSAGE);
    expect(toApiError(500, { message: '' }).message).toBe(SERVER_ERROR_MESSAGE);
    expect(toApiError(404, undefined).message).toBe('Request failed (404).');
    expect(toApiError(429, { message: 42 }).isClientError).toBe(true);
    expect(toApiError(503, {}).isClientError).toBe(false);
  });
});

describe('fieldMessages', () => {
  it('puts each issue under its field, first message first, plus the named field', () => {
    const error = new ApiError(400, 'Too short', 'username', [
      { field: 'password', message: 'Too short' },
      { field: 'password', message: 'Second message' },
    ]);
    expect(fieldMessages(error)).toEqual({ password: 'Too short', username: 'Too short' });
  });
});

describe('splitServerErrors', () => {
  it('shows messages for known fields under them and nothing for the whole form', () => {
    const error = toApiError(409, { statusCode: 409, message: 'Email is already taken', field: 'email' });
    expect(splitServerErrors(error, ['email', 'password'])).toEqual({
      fieldErrors: { email: 'Email is already taken' },
      formError: null,
    });
  });

  it('shows a message about no field of the form for the whole form', () => {
    const error = toApiError(429, { statusCode: 429, message: 'Too many failed login attempts.' });
    expect(splitServerErrors(error, ['email', 'password'])).toEqual({
      fieldErrors: {},
      formError: 'Too many failed login attempts.',
    });
  });

  it('treats an unexpected failure as ours', () => {
    expect(splitServerErrors(new TypeError('boom'), ['email'])).toEqual({
      fieldErrors: {},
      formError: SERVER_ERROR_MESSAGE,
    });
  });

  it("puts the form's own failure message in place of a server fault, not of a refusal", () => {
    const sorry = 'Please try again in a moment.';
    expect(splitServerErrors(new TypeError('boom'), ['email'], sorry).formError).toBe(sorry);
    expect(splitServerErrors(toApiError(500, {}), ['email'], sorry).formError).toBe(sorry);
    const refusal = toApiError(429, { statusCode: 429, message: 'Too many requests.' });
    expect(splitServerErrors(refusal, ['email'], sorry).formError).toBe('Too many requests.');
    const fieldRefusal = toApiError(503, { statusCode: 503, message: 'Mail is down', field: 'email' });
    expect(splitServerErrors(fieldRefusal, ['email'], sorry)).toEqual({
      fieldErrors: { email: 'Mail is down' },
      formError: null,
    });
  });
});
