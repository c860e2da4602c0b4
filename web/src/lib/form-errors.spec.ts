import { AUTH_MESSAGES, feedbackSchema, loginSchema, signupFormSchema } from '@skillers/domain';
import { describe, expect, it } from 'vitest';
import { validateForm } from './form-errors';

describe('validateForm', () => {
  it('gives every sign-up message of the specification under its field', () => {
    expect(
      validateForm(signupFormSchema, { username: '', email: '', password: '', confirmPassword: '' }),
    ).toEqual({
      ok: false,
      errors: {
        username: AUTH_MESSAGES.usernameRequired,
        email: AUTH_MESSAGES.emailRequired,
        password: AUTH_MESSAGES.passwordRequired,
      },
    });
    expect(
      validateForm(signupFormSchema, {
        username: 'ada',
        email: 'ada@',
        password: 'short',
        confirmPassword: 'x',
      }),
    ).toEqual({
      ok: false,
      errors: {
        email: AUTH_MESSAGES.emailInvalid,
        password: AUTH_MESSAGES.passwordTooShort,
        confirmPassword: AUTH_MESSAGES.passwordsDiffer,
      },
    });
  });

  it('returns the parsed values when the form is valid', () => {
    expect(validateForm(loginSchema, { email: ' Ada@Example.com ', password: 'secret' })).toEqual({
      ok: true,
      data: { email: 'ada@example.com', password: 'secret' },
    });
  });

  it('accepts feedback without an email but not with a malformed one', () => {
    expect(validateForm(feedbackSchema, { description: 'Nice' }).ok).toBe(true);
    expect(validateForm(feedbackSchema, { description: 'Nice', email: 'nope' })).toEqual({
      ok: false,
      errors: { email: AUTH_MESSAGES.emailInvalid },
    });
  });
});
