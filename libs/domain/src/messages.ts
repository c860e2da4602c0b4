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
  usernameInvisible: 'Username cannot contain invisible characters',
  usernameMixedScripts: 'Username cannot mix letters of different alphabets',
  usernameLookAlike: 'Username is too close to an existing one',
  signedUp: 'User created successfully',
  loggedIn: 'Logged in successfully',
  tooManyLoginAttempts: 'Too many failed login attempts. Please wait a minute and try again.',
  tooManySignups:
    'Too many sign-up attempts for this email or username. Please wait a few minutes and try again.',
  resetMailSent:
    'If an account uses this email, a link to choose a new password is on its way. It works for 30 minutes.',
  tooManyResetRequests: 'Too many password reset requests. Please wait a while and try again.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please ask for a new one.',
  passwordReset: 'Your password was changed. Please log in with the new one.',
  currentPasswordRequired: 'Please enter your current password',
  wrongCurrentPassword: 'Your current password is not right',
  passwordChanged: 'Your password was changed. You were signed out everywhere else.',
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
  tooManyMessages: 'You are sending messages too quickly. Please wait a moment and try again.',
  tooManyPosts: 'You are posting too often. Please wait a moment and try again.',
  tooManyListingChanges:
    'You are changing your projects and profile too often. Please wait a moment and try again.',
  tooManyNewProjects:
    'You have created many projects in the last hour. Please wait a while before adding more.',
  tooManySettingsChanges: 'You are changing your settings too often. Please wait a moment and try again.',
  tooManySaves: 'You are saving and removing items too quickly. Please wait a moment and try again.',
  tooManyLikes: 'You are liking posts too quickly. Please wait a moment and try again.',
} as const;

/** Chat texts of the screens and of their failures; two failures are reworded politely. */
export const CHAT_MESSAGES = {
  messageSent: 'Message sent successfully!',
  messageSentToCreator: 'You have sent a message!',
  sendFailed: 'Message could not be sent. Please try again.',
  loginRequired: 'You need to be logged in to send messages.',
  messageRequired: 'Please write a message',
  cannotMessageYourself: 'You cannot send a message to yourself.',
  userNotFound: 'This user does not exist.',
  notInConversation: 'You are not part of this conversation.',
  messageNotFound: 'This message is not in this conversation.',
  timedOut: 'operation has timed out',
  disconnected: 'socket has been disconnected',
  tooManySockets: 'Too many open chat connections for this account. Close some tabs and try again.',
  tooManyEvents: 'Too many chat events at once. Slow down and try again.',
  eventFlood: 'This chat connection sent too many events and was closed.',
  eventFloodCoolDown: 'This account sent too many chat events. Try again in a minute.',
  serverError: 'server error',
} as const;

/** Feed texts of the screen and of its failures, plus the server's validation answers. */
export const FEED_MESSAGES = {
  likeFailed: 'Failed to like post. Please try again.',
  unlikeFailed: 'Failed to unlike post. Please try again.',
  commentFailed: 'Failed to add comment. Please try again.',
  postFailed: 'Failed to create post. Please try again.',
  loginToLike: 'Please log in to like posts',
  loginToUnlike: 'Please log in to unlike posts',
  loginToComment: 'Please log in to comment on posts',
  loginToPost: 'Please log in to create a post',
  postRequired: 'Please write something to post',
  commentRequired: 'Please write a comment',
  postNotFound: 'Post not found',
  imageTypeNotAllowed: 'Only PNG, JPEG, GIF or WebP images can be attached.',
  imageContentMismatch: 'The attached file is not a valid image of the type it claims to be.',
} as const;
