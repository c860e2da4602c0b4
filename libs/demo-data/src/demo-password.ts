import { Algorithm, hash } from '@node-rs/argon2';

/** Every generated account signs in with this password; it is documented, so anyone can try the demo. */
export const DEMO_PASSWORD = 'demo-password';

/**
 * One argon2id hash of the demo password, at the API's cost (19 MiB, 2 passes), so a generated account
 * signs in exactly like a real one. Computed once per run: hashing each account would take hours.
 */
export const hashDemoPassword = (): Promise<string> =>
  hash(DEMO_PASSWORD, { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
