/** Texts of the admin API's refusals. */
export const ADMIN_MESSAGES = {
  tokenMissing: 'Send the admin token as Authorization: Bearer <token>.',
  tokenWrong: 'The admin token is not valid.',
  tooManyFailures: 'Too many requests with a wrong admin token; try again in a minute.',
  reindexRunning: 'A reindex is already running; wait for it to finish.',
  propositionNotFound: 'Proposal not found',
  analyticsUnavailable: 'The search events could not be read right now; try again in a moment.',
} as const;
