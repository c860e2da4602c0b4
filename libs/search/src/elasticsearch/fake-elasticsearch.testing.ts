import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { ElasticsearchSearchIndex, type ElasticsearchSearchIndexOptions } from './elasticsearch.search-index';

/** One request the client sent: its method, path, query string and body (NDJSON as an array of lines). */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
  /** Never answers, as a stalled cluster (the request is still recorded). */
  stall?: boolean;
}

export interface FakeElasticsearch {
  url: string;
  requests: RecordedRequest[];
  /** The recorded requests whose path ends with `suffix` (for instance `/_bulk`). */
  sent(method: string, suffix: string): RecordedRequest[];
  close(): Promise<void>;
}

const readBody = async (request: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return undefined;
  if ((request.headers['content-type'] ?? '').includes('x-ndjson')) {
    return text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as unknown);
  }
  return JSON.parse(text) as unknown;
};

/** What a healthy single-node cluster of `version` answers to the calls an adapter makes at start. */
const defaultAnswer = (version: string, request: RecordedRequest): FakeAnswer => {
  if (request.method === 'GET' && request.path === '/') {
    return { body: { name: 'fake', cluster_name: 'fake', version: { number: version } } };
  }
  if (request.method === 'HEAD') return { status: 200 };
  if (request.path.endsWith('/_bulk')) return { body: { errors: false, items: [], took: 1 } };
  return { body: { acknowledged: true } };
};

/**
 * A loopback HTTP server that answers as Elasticsearch `version` would and records every request, so
 * tests can check the exact bodies an adapter sends where no real cluster runs. `answer` returns the reply
 * to a request, or undefined for the default one.
 */
export const startFakeElasticsearch = async (
  version: string,
  answer: (request: RecordedRequest) => FakeAnswer | undefined = () => undefined,
): Promise<FakeElasticsearch> => {
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, response) => {
    void (async () => {
      const url = new URL(incoming.url ?? '/', 'http://localhost');
      const request: RecordedRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: await readBody(incoming),
      };
      requests.push(request);
      const { status = 200, body, stall } = answer(request) ?? defaultAnswer(version, request);
      if (stall) return;
      // The client refuses servers that do not say they are Elasticsearch.
      response.writeHead(status, {
        'content-type': 'application/json',
        'x-elastic-product': 'Elasticsearch',
      });
      response.end(body === undefined ? '' : JSON.stringify(body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sent: (method, suffix) =>
      requests.filter((request) => request.method === method && request.path.endsWith(suffix)),
    close: () =>
      new Promise<void>((resolve) => {
        // Stalled requests hold their connections open; the server closes once they are dropped.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/**
 * For a describe block whose tests each open their own stand-in server and an adapter connected to it: the
 * returned `open` starts both, and both are closed after the test.
 */
export const adapterPerTest = (): ((
  version: string,
  answer: (request: RecordedRequest) => FakeAnswer | undefined,
  options: ElasticsearchSearchIndexOptions,
) => Promise<{ server: FakeElasticsearch; index: ElasticsearchSearchIndex }>) => {
  let opened: { server: FakeElasticsearch; index: ElasticsearchSearchIndex } | undefined;
  afterEach(async () => {
    await opened?.index.close();
    await opened?.server.close();
    opened = undefined;
  });
  return async (version, answer, options) => {
    const server = await startFakeElasticsearch(version, answer);
    opened = { server, index: await ElasticsearchSearchIndex.connect(server.url, options) };
    return opened;
  };
};

/** For one describe block: a stand-in server answering with `answer`, and an adapter connected to it. */
export const adapterPerBlock = (
  answer: (request: RecordedRequest) => FakeAnswer | undefined,
  connected: (held: { server: FakeElasticsearch; index: ElasticsearchSearchIndex }) => void,
): void => {
  let held: { server: FakeElasticsearch; index: ElasticsearchSearchIndex } | undefined;
  beforeAll(async () => {
    const server = await startFakeElasticsearch('9.1.0', answer);
    held = { server, index: await ElasticsearchSearchIndex.connect(server.url, { vectorDims: 3 }) };
    connected(held);
  });
  afterAll(async () => {
    await held?.index.close();
    await held?.server.close();
  });
};
