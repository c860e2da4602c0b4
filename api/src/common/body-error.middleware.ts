import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { ErrorRequestHandler } from 'express';
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
