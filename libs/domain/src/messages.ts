/** User-facing texts from the product specification, used verbatim by the API and the web app. */
export const AUTH_MESSAGES = {
  emailRequired: 'Please enter your email',
  emailInvalid: 'Please enter a valid email',
  passwordRequired: 'Please enter a password',
  usernameRequired: 'Please enter a username',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordsDiffer: 'Passwords are not the same',
  userNotFound: 'Cant find user',
  wrongPassword: 'Wrong Password!',
  emailTaken: 'Email is already taken',
  usernameTaken: 'Username is already taken',
  signedUp: 'User created successfully',
  loggedIn: 'Logged in successfully',
  tooManyLoginAttempts: 'Too many failed login attempts. Please wait a minute and try again.',
} as const;

export const FORM_MESSAGES = {
  requiredFields: 'You need to fill required fields',
  settingsSaved: 'Changes were saved',
  feedbackThanks: 'Thank you for your feedback!',
  feedbackRequired: 'Please write your feedback',
  proposalSent: 'Successfully propose new filter',
} as const;

export const HTTP_MESSAGES = {
  unauthorized: 'You need to be logged in to do that.',
  sessionExpired: 'Your session has expired. Please log in again.',
  notFound: 'Not found',
  payloadTooLarge: 'The request is too large.',
  malformedJson: 'The request body is not valid JSON.',
  tooManyRequests: 'Too many requests. Please slow down and try again shortly.',
} as const;
