import { DEMO_PASSWORD } from '@skillers/demo-data';

/**
 * The account `npm start` creates on an empty database, so a visitor can sign in straight away. Every
 * generated account has the same password, each with a hash (and salt) of its own.
 */
export const DEMO_ACCOUNT = {
  username: 'demo',
  email: 'demo@skillers.dev',
  password: DEMO_PASSWORD,
} as const;
