import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { keptSecret } from './kept-secret';

export const JWT_SECRET_FILE = 'jwt-secret';

/**
 * The configured secret, or one generated on first start and kept in the data directory,
 * so tokens stay valid across restarts without anyone having to set a variable.
 */
export const resolveJwtSecret = (configured: string | undefined, dataDir: string): string => {
  if (configured) return configured;
  return keptSecret(join(dataDir, JWT_SECRET_FILE), 32, () => randomBytes(48).toString('base64url'));
};
