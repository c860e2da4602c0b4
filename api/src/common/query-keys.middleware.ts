import { BadRequestException } from '@nestjs/common';
import type { RequestHandler } from 'express';

/** Paths of the API's routes: the web app's pages take whatever query their links carry. */
export const QUERY_CHECKED_PATHS = ['/api', '/embedder'] as const;

export const bracketedQueryKeyMessage = (key: string) =>
  `Query parameter "${key}" is not accepted: name each parameter without brackets`;

export const repeatedQueryKeyMessage = (key: string) =>
  `Query parameter "${key}" is given more than once: give it once`;

/**
 * Refuses a query string whose keys are written as lists or objects (`status[]=open`, `page[a]=1`) or
 * repeated (`limit=5&limit=6`) with 400. No route takes a list in its query: Express's query reader keeps
 * a bracketed key as a name of its own, which a route's schema would ignore, answering as if it were
 * absent (every status instead of the one asked for), and turns a repeated key into a list.
 */
export const refuseListQueryKeys = (): RequestHandler => (request, _response, next) => {
  for (const [key, value] of Object.entries(request.query)) {
    if (key.includes('[') || key.includes(']')) {
      next(new BadRequestException({ message: bracketedQueryKeyMessage(key) }));
      return;
    }
    if (Array.isArray(value)) {
      next(new BadRequestException({ message: repeatedQueryKeyMessage(key) }));
      return;
    }
  }
  next();
};
