import { type Embedder, openEmbedder, resolveVectorSpace } from '@skillers/embedding';
import { type JobQueue, type JobQueueSettings, openJobQueue } from '@skillers/queue';
import type { VectorSpace } from '@skillers/search';
import { setTimeout as sleep } from 'node:timers/promises';

/** A server that cannot be reached at start, worded as the one line the command or worker prints. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

/** BullMQ connects in the background and retries for ever, so readiness is polled with a deadline. */
const REDIS_READY_TIMEOUT_MS = 10_000;
const REDIS_READY_POLL_MS = 100;

/** Runs a connect step; a failure becomes a StartupError naming the server and its variable. */
export const reachServer = async <T>(
  what: string,
  variable: string,
  connect: () => Promise<T>,
): Promise<T> => {
  try {
    return await connect();
  } catch (error) {
    throw new StartupError(
      `Cannot connect to ${what} at ${variable}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
};

/** BullMQ on `redisUrl` once Redis answers; closed again and refused if it does not in time. */
export const openReadyQueue = async (
  redisUrl: string,
  options: Omit<JobQueueSettings, 'redisUrl'> = {},
): Promise<JobQueue> => {
  const queue = openJobQueue({ ...options, redisUrl });
  const deadline = Date.now() + REDIS_READY_TIMEOUT_MS;
  while (!(await queue.isReady())) {
    if (Date.now() > deadline) {
      await queue.close();
      throw new StartupError(
        `Cannot connect to Redis at REDIS_URL: no answer within ${REDIS_READY_TIMEOUT_MS} ms`,
      );
    }
    await sleep(REDIS_READY_POLL_MS);
  }
  return queue;
};

export interface EmbedderSettings {
  embedderUrl?: string;
  embedderModel: string;
}

export interface EmbedderAndVectorSpace {
  /** The embedder service from `EMBEDDER_URL`; undefined when it is unset or no vector space is known. */
  embedder?: Embedder;
  /** What the search index is keyed by; undefined when no vectors are written during this run. */
  vectorSpace?: VectorSpace;
}

/**
 * The embedder service at `EMBEDDER_URL` and the vector space of `EMBEDDER_MODEL`, which keys the search
 * index's generations (also without `EMBEDDER_URL`, for a model of known length, so that a reindex can carry
 * the vectors of that model over). The service need not be up: records are indexed without vectors until it
 * answers. Only a model whose length is neither known nor reported by the service leaves vectors out for
 * the whole run, since the index cannot be laid out for it.
 */
export const openEmbedderAndVectorSpace = async (
  { embedderUrl, embedderModel }: EmbedderSettings,
  log: (line: string) => void,
): Promise<EmbedderAndVectorSpace> => {
  const embedder = embedderUrl ? openEmbedder({ embedderUrl, model: embedderModel }) : undefined;
  const vectorSpace = await resolveVectorSpace(embedderModel, embedder);
  if (vectorSpace) return { embedder, vectorSpace };
  if (embedder) {
    log(
      `The vector length of embedding model "${embedderModel}" is unknown and the embedder service at ` +
        'EMBEDDER_URL does not report it yet: records are indexed without vectors until a restart finds it answering',
    );
  }
  return {};
};
