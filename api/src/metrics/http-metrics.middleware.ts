import type { NextFunction, Request, Response } from 'express';
import type { ApiMetrics } from './api-metrics';

/** Requests no route took (static files of the web app, unknown paths), kept as one series. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Times every request to its answer, labelled by the route pattern that took it (`/api/project/:id`, never
 * the id itself), so the series stay few whatever the paths.
 */
export const httpMetrics =
  (metrics: ApiMetrics) =>
  (request: Request, response: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    response.once('finish', () => {
      const route = (request.route as { path?: string } | undefined)?.path;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.observeRequest(
        request.method,
        route ? `${request.baseUrl}${route}` : UNMATCHED_ROUTE,
        response.statusCode,
        seconds,
      );
    });
    next();
  };
