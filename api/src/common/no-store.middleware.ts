import type { RequestHandler } from 'express';

/** Paths whose answers hold one person's data (account, saved items, conversations) or a token. */
export const PERSONAL_PATHS = ['/api/user', '/api/chat', '/api/auth'] as const;

/**
 * `Cache-Control: no-store` on personal answers, so no browser or shared cache keeps a copy after the
 * session ends (OWASP ASVS 8.2.1).
 */
export const noStore = (): RequestHandler => (_request, response, next) => {
  response.setHeader('Cache-Control', 'no-store');
  next();
};
