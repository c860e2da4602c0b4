/**
 * The account `npm start` creates on an empty database, so a visitor can sign in straight away. Its password
 * is the demo library's `DEMO_PASSWORD`, which every generated account shares, each with a hash (and salt)
 * of its own; it is read from that library only when seeding, so a server that does not seed never loads it.
 */
export const DEMO_ACCOUNT = {
  username: 'demo',
  email: 'demo@skillers.dev',
} as const;
