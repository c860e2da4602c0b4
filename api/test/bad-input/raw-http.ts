import { Agent, request as httpRequest } from 'node:http';

/** One request exactly as it goes on the wire: any method may carry any body, with any content type. */
export interface RawRequest {
  method: string;
  /** Path and query, already encoded. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface RawResponse {
  status: number;
  text: string;
  /** The body read as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export interface StatusTally {
  tried: number;
  byClass: Record<string, number>;
  byStatus: Record<string, number>;
}

export const emptyTally = (): StatusTally => ({ tried: 0, byClass: {}, byStatus: {} });

export const countStatus = (tally: StatusTally, status: number): void => {
  tally.tried += 1;
  const statusClass = `${Math.floor(status / 100)}xx`;
  tally.byClass[statusClass] = (tally.byClass[statusClass] ?? 0) + 1;
  tally.byStatus[status] = (tally.byStatus[status] ?? 0) + 1;
};

/**
 * A node:http client for requests `fetch` will not send (a body on GET, a body with no content type,
 * invalid JSON bytes). Keep-alive sockets are capped, so at most `sockets` requests are in flight.
 */
export const rawClient = (baseUrl: string, sockets = 8) => {
  const url = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  const send = (req: RawRequest): Promise<RawResponse> =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string | number> = { ...req.headers };
      if (req.body !== undefined) headers['content-length'] = Buffer.byteLength(req.body);
      const outgoing = httpRequest(
        { hostname: url.hostname, port: url.port, path: req.path, method: req.method, headers, agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let json: unknown;
            try {
              json = JSON.parse(text);
            } catch {
              json = undefined;
            }
            resolve({ status: response.statusCode ?? 0, text, json });
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(req.body);
    });
  return { send, close: () => agent.destroy() };
};
