import { type JobQueue, openJobQueue } from '@skillers/queue';
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
export const openReadyQueue = async (redisUrl: string): Promise<JobQueue> => {
  const queue = openJobQueue({ redisUrl });
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
