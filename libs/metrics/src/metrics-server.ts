import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { metricsAnswer, METRICS_PATH } from './service-registry';

export interface MetricsServer {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * `GET /metrics` alone on its own port, without a token: for a scraper on a private network, with the
 * port kept off the public one.
 */
export const startMetricsServer = async (
  host: string,
  port: number,
  registry: Registry,
): Promise<MetricsServer> => {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://metrics').pathname;
    if (request.method !== 'GET' || path !== METRICS_PATH) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    metricsAnswer(registry).then(
      ({ contentType, text }) => response.writeHead(200, { 'content-type': contentType }).end(text),
      (error: unknown) =>
        response
          .writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
          .end(error instanceof Error ? error.message : String(error)),
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
