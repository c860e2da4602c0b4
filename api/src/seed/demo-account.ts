import { DEMO_PASSWORD } from '@skillers/indexer';

/**
 * The account `npm start` creates on an empty database, so a visitor can sign in straight away. It shares
 * the password of every generated account, so its hash serves them all.
 */
export const DEMO_ACCOUNT = {
  username: 'demo',
  email: 'demo@skillers.dev',
  password: DEMO_PASSWORD,
} as const;
