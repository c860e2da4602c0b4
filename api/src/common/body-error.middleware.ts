import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { HttpExceptionFilter } from './http-exception.filter';

/**
 * Answers body-parser failures (too large, malformed JSON) at once, in the API's error shape.
 * Left to travel on, they reach the web app's static fallback, which turns any error on an /api
 * path into a 404.
 */
export const answerBodyErrors =
  (filter = new HttpExceptionFilter()): ErrorRequestHandler =>
  // Express tells error handlers apart by their four parameters, so `_next` must stay.
  (error, request, response, _next) => {
    filter.catch(error, new ExecutionContextHost([request, response]));
  };

/**
 * Refuses a request body sent as anything but JSON with 415. The JSON parser leaves such a body
 * unread, so without this a route would run as if no body had been sent at all (a reindex with
 * every kind, for one). An empty body needs no type. `formPosts`: paths whose POST also takes a form
 * (the one-click unsubscribe, which mail providers post as one), parsed before this runs.
 */
export const refuseNonJsonBodies =
  (formPosts: readonly string[] = []): RequestHandler =>
  (request, _response, next) => {
    const sent =
      Number(request.headers['content-length'] ?? 0) > 0 ||
      request.headers['transfer-encoding'] !== undefined;
    const form =
      request.method === 'POST' &&
      formPosts.includes(request.path) &&
      Boolean(request.is('application/x-www-form-urlencoded'));
    if (sent && !form && !request.is('application/json')) {
      next(
        Object.assign(new Error('Unsupported media type'), { status: 415, type: 'unsupported.media.type' }),
      );
      return;
    }
    next();
  };
