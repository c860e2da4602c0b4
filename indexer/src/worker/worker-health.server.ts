import { metricsAnswer, METRICS_PATH } from '@skillers/metrics';
import { createServer, type ServerResponse } from 'node:http';
import type { Registry } from 'prom-client';
import type { AddressInfo } from 'node:net';

export interface HealthServer {
  readonly port: number;
  close(): Promise<void>;
}

export const HEALTH_PATH = '/health';

const send = (response: ServerResponse, status: number, body: unknown): void => {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(JSON.stringify(body));
};

/**
 * `GET /health` for the container's health check: 200 with the report when its status is `ok`, 503
 * otherwise, so a plain HTTP probe needs no JSON parsing; `GET /metrics` in Prometheus text when given a
 * registry.
 */
export const startHealthServer = async (
  host: string,
  port: number,
  report: () => Promise<{ status: 'ok' | 'degraded' }>,
  metrics?: Registry,
): Promise<HealthServer> => {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://health').pathname;
    if (request.method === 'GET' && path === METRICS_PATH && metrics) {
      metricsAnswer(metrics).then(
        ({ contentType, text }) => response.writeHead(200, { 'content-type': contentType }).end(text),
        (error: unknown) =>
          send(response, 500, { message: error instanceof Error ? error.message : String(error) }),
      );
      return;
    }
    if (request.method !== 'GET' || path !== HEALTH_PATH) {
      send(response, 404, { message: 'Not found' });
      return;
    }
    report().then(
      (body) => send(response, body.status === 'ok' ? 200 : 503, body),
      (error: unknown) =>
        send(response, 503, {
          status: 'degraded',
          message: error instanceof Error ? error.message : String(error),
        }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
