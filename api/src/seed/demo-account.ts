/** The account `npm start` creates on an empty database, so a visitor can sign in straight away. */
export const DEMO_ACCOUNT = {
  username: 'demo',
  email: 'demo@skillers.dev',
  password: 'demo-password',
} as const;
