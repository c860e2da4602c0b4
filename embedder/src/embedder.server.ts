import {
  embedRequestSchema,
  fieldIssues,
  type FieldIssue,
  labelSuggestionRequestSchema,
  sortRequestSchema,
} from '@skillers/domain';
import {
  acceptsVectorBytes,
  type Embedder,
  type EmbedderStatus,
  EmbedderUnavailableError,
  EmptySortQueryError,
  encodeVectors,
  LabelSuggester,
  SimilarityRanker,
  VECTORS_DIMENSION_HEADER,
  VECTORS_MEDIA_TYPE,
  VECTORS_MODEL_HEADER,
} from '@skillers/embedding';
import { embedderMetrics, metricsAnswer, METRICS_PATH } from '@skillers/metrics';
import type { SearchIndex } from '@skillers/search';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from './json-logger';

/**
 * 256 texts of 2000 characters is about 0.5 MB of plain text; UTF-8 and JSON escapes can grow that up to
 * six bytes a character, so 4 MiB admits every valid body and refuses the rest before reading it.
 */
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

/** `/sort` ranks records of the search index, which the service reaches only when it is given one. */
export const SORT_NEEDS_INDEX_MESSAGE =
  'This embedder service has no search index to rank records in: set ELASTICSEARCH_URL, or call POST /api/sort on the API.';

/** `/ml`'s `type` keeps the labels records of the kind carry, which only the search index can tell. */
export const ML_TYPE_NEEDS_INDEX_MESSAGE =
  'This embedder service has no search index to tell which labels records carry: set ELASTICSEARCH_URL, leave out type, or call POST /api/ml on the API.';

/** What the service is built from; tests pass their own parts and start it in-process. */
export interface EmbedderServiceParts {
  embedder: Embedder;
  logger: Logger;
  /** The index `/sort` ranks records of (Elasticsearch in the cluster); without it `/sort` answers 501. */
  searchIndex?: SearchIndex;
  /** Where `/ml` caches label vectors; without it they are computed again at every start. */
  labelCacheDir?: string;
  maxBodyBytes?: number;
  /** How long `/health` waits for the model before answering that it is still loading. */
  healthWaitMs?: number;
}

/** Long enough for a loaded model's answer, short enough for a container health check's timeout. */
export const DEFAULT_HEALTH_WAIT_MS = 2_000;

export interface RunningEmbedderService {
  /** `http://host:port`, with the port actually bound (port 0 picks a free one). */
  url: string;
  server: Server;
  /** Stops taking connections and resolves once the requests under way have been answered. */
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldIssue[],
  ) {
    super(message);
  }
}

interface Answer {
  status: number;
  body: unknown;
  /** Sent instead of `body` as JSON: the binary answer of `/embed`, with its own headers. */
  bytes?: { data: Buffer; headers: Record<string, string> };
}

type Handler = (request: IncomingMessage) => Promise<Answer>;

const readJson = async (request: IncomingMessage, maxBytes: number): Promise<unknown> => {
  const tooLarge = () => new HttpError(413, `The request body must be at most ${maxBytes} bytes`);
  if (Number(request.headers['content-length'] ?? 0) > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON');
  }
};

/** A shared request schema from `@skillers/domain`, seen only through what validation needs. */
interface RequestSchema<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: Parameters<typeof fieldIssues>[0] };
}

/** The first message and one message per field, as the API's validation answers. */
const validate = <T>(schema: RequestSchema<T>, body: unknown): T => {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const errors = fieldIssues(result.error);
  throw new HttpError(400, errors[0]?.message ?? 'Invalid request', errors);
};

const routes = (
  parts: EmbedderServiceParts,
  maxBytes: number,
): Record<string, Partial<Record<string, Handler>>> => {
  const { embedder, searchIndex } = parts;
  const { registry, timed } = embedderMetrics();
  const suggester = new LabelSuggester(embedder, parts.labelCacheDir);
  const ranker = searchIndex && new SimilarityRanker(embedder, searchIndex);
  return {
    '/health': {
      GET: async () => {
        // The status waits for the model to load, which can take minutes on a first download from the hub.
        let timer: NodeJS.Timeout | undefined;
        const stillLoading = new Promise<EmbedderStatus>((resolve) => {
          timer = setTimeout(
            () =>
              resolve({
                adapter: embedder.adapter,
                model: embedder.modelId,
                ready: false,
                error: `Model "${embedder.modelId}" is still loading`,
              }),
            parts.healthWaitMs ?? DEFAULT_HEALTH_WAIT_MS,
          );
        });
        const { model, dimension, ready, error } = await Promise.race([embedder.status(), stillLoading]);
        clearTimeout(timer);
        return {
          status: ready ? 200 : 503,
          body: { model, dimension: dimension ?? null, ready, ...(error !== undefined && { error }) },
        };
      },
    },
    [METRICS_PATH]: {
      GET: async () => {
        const { contentType, text } = await metricsAnswer(registry);
        return {
          status: 200,
          body: null,
          bytes: { data: Buffer.from(text), headers: { 'content-type': contentType } },
        };
      },
    },
    '/embed': {
      POST: async (request) => {
        const { texts } = validate(embedRequestSchema, await readJson(request, maxBytes));
        try {
          const vectors = await timed(() => embedder.embed(texts));
          if (acceptsVectorBytes(request.headers.accept)) {
            const dimension = vectors[0].length;
            const headers = {
              'content-type': VECTORS_MEDIA_TYPE,
              [VECTORS_MODEL_HEADER]: embedder.modelId,
              [VECTORS_DIMENSION_HEADER]: String(dimension),
            };
            return { status: 200, body: null, bytes: { data: encodeVectors(vectors, dimension), headers } };
          }
          return { status: 200, body: { vectors, model: embedder.modelId, dimension: embedder.dimension() } };
        } catch (error) {
          if (error instanceof EmbedderUnavailableError) throw new HttpError(503, error.message);
          throw error;
        }
      },
    },
    '/ml': {
      POST: async (request) => {
        const body = validate(labelSuggestionRequestSchema, await readJson(request, maxBytes));
        if (body.type && !searchIndex) throw new HttpError(501, ML_TYPE_NEEDS_INDEX_MESSAGE);
        return { status: 200, body: await suggester.suggest(body, searchIndex) };
      },
    },
    '/sort': {
      POST: async (request) => {
        if (!ranker) throw new HttpError(501, SORT_NEEDS_INDEX_MESSAGE);
        const body = validate(sortRequestSchema, await readJson(request, maxBytes));
        try {
          return { status: 200, body: await ranker.rank(body) };
        } catch (error) {
          if (error instanceof EmptySortQueryError) throw new HttpError(400, error.message);
          throw error;
        }
      },
    },
  };
};

const send = (
  response: ServerResponse,
  { status, body, bytes }: Answer,
  headers: Record<string, string> = {},
) => {
  if (bytes) {
    response.writeHead(status, { ...bytes.headers, 'content-length': bytes.data.length, ...headers });
    response.end(bytes.data);
    return;
  }
  const json = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
    ...headers,
  });
  response.end(json);
};

/**
 * The service's HTTP server, not yet listening: `GET /health`, `GET /metrics` (Prometheus text: the process,
 * and `/embed` calls waiting or running and their latency), `POST /embed`, `POST /ml`, `POST /sort`.
 */
export const createEmbedderServer = (parts: EmbedderServiceParts): Server => {
  const table = routes(parts, parts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  const { logger } = parts;
  return createServer((request, response) => {
    const started = performance.now();
    const path = new URL(request.url ?? '/', 'http://service').pathname;
    const route = Object.hasOwn(table, path) ? table[path] : undefined;
    const handler = route?.[request.method ?? ''];
    const answer: Promise<Answer> = !route
      ? Promise.reject(new HttpError(404, `Cannot ${request.method} ${path}`))
      : !handler
        ? Promise.reject(new HttpError(405, `${path} answers ${Object.keys(route).join(', ')} only`))
        : handler(request);
    answer
      .catch((error: unknown): Answer => {
        if (error instanceof HttpError) {
          const { statusCode, message, errors } = error;
          return { status: statusCode, body: { statusCode, message, ...(errors && { errors }) } };
        }
        logger.error(`${request.method} ${path} failed: ${(error as Error).stack ?? String(error)}`);
        return { status: 500, body: { statusCode: 500, message: 'Internal server error' } };
      })
      .then((result) => {
        // A body refused before it was read is still arriving; closing the connection drops the rest.
        const headers: Record<string, string> = {
          ...(result.status === 405 && route && { allow: Object.keys(route).join(', ') }),
          ...(result.status === 413 && { connection: 'close' }),
        };
        send(response, result, headers);
        logger.debug(
          `${request.method} ${path} ${result.status} ${(performance.now() - started).toFixed(1)} ms`,
        );
      });
  });
};

/** Starts the service on `host:port`; resolves once it is listening. */
export const startEmbedderService = async (
  parts: EmbedderServiceParts,
  { host, port }: { host: string; port: number },
): Promise<RunningEmbedderService> => {
  const server = createEmbedderServer(parts);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive connections with no request under way would otherwise hold the close open.
        server.closeIdleConnections();
      }),
  };
};
