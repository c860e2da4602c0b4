import { z } from 'zod';
import { AUTH_MESSAGES } from '../messages';
import { EMAIL_PATTERN } from './email';
import { boundedText } from './text';
import { hasInvisibleCharacters, mixesAlphabets, normaliseUsername } from './username';

export const PASSWORD_MIN_LENGTH = 8;
/** argon2 hashes any length, but an unbounded password is a cheap way to burn server CPU. */
export const PASSWORD_MAX_LENGTH = 256;
export const USERNAME_MAX_LENGTH = 40;
export const EMAIL_MAX_LENGTH = 254;

export const emailField = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(EMAIL_MAX_LENGTH, AUTH_MESSAGES.emailInvalid)
  .regex(EMAIL_PATTERN, AUTH_MESSAGES.emailInvalid)
  .transform((email) => email.toLowerCase());

export const passwordField = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** NFKC-normalised, then checked: no control or invisible characters, letters of one alphabet. */
export const usernameField = boundedText(USERNAME_MAX_LENGTH, 'Username', AUTH_MESSAGES.usernameRequired)
  .transform(normaliseUsername)
  .pipe(
    z
      .string()
      .min(1, AUTH_MESSAGES.usernameRequired)
      // Compatibility forms can grow in normalisation ("ﬁ" becomes "fi").
      .max(USERNAME_MAX_LENGTH, `Username must be at most ${USERNAME_MAX_LENGTH} characters`),
  )
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), 'Username cannot contain control characters')
  .refine((name) => !hasInvisibleCharacters(name), AUTH_MESSAGES.usernameInvisible)
  .refine((name) => !mixesAlphabets(name), AUTH_MESSAGES.usernameMixedScripts);

export const loginSchema = z.strictObject({
  email: emailField,
  password: passwordField,
});

/** A new password: the sign-up rules. */
const newPasswordField = passwordField.pipe(
  z.string().min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort),
);

export const signupSchema = z.strictObject({
  username: usernameField,
  email: emailField,
  password: newPasswordField,
});

/** A reset token as mailed: 32 random bytes in base64url. */
export const RESET_TOKEN_PATTERN = /^[\w-]{43}$/;

export const forgotPasswordSchema = z.strictObject({ email: emailField });

export const resetPasswordSchema = z.strictObject({
  token: z
    .string({ error: AUTH_MESSAGES.resetLinkInvalid })
    .regex(RESET_TOKEN_PATTERN, AUTH_MESSAGES.resetLinkInvalid),
  password: newPasswordField,
});

export const changePasswordSchema = z.strictObject({
  currentPassword: z
    .string({ error: AUTH_MESSAGES.currentPasswordRequired })
    .min(1, AUTH_MESSAGES.currentPasswordRequired)
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.wrongCurrentPassword),
  newPassword: newPasswordField,
});

/** The web sign-up form also asks for the password twice; the API never sees the confirmation. */
export const signupFormSchema = z
  .strictObject({
    username: usernameField,
    email: emailField,
    password: passwordField.pipe(z.string().min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)),
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  });

export type LoginInput = z.infer<typeof loginSchema>;
export type SignupInput = z.infer<typeof signupSchema>;
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
