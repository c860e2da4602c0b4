import type { VectorSpace } from '@skillers/search';
import { knownModelDimension } from '../model-settings';
import type { EmbedderStatus } from './embedder.port';
import { setTimeout as sleep } from 'node:timers/promises';

/** How long start-up waits for an embedder to report the length of an unknown model's vectors. */
export const VECTOR_SPACE_WAIT_MS = 5_000;

/**
 * The vector space (`VectorSpace`, defined with the index in `@skillers/search`) of the configured model: its known length, or the length the embedder reports once its
 * model has loaded (waiting at most `waitMs`). Undefined when neither can tell: the index is then not keyed by
 * model, so the caller should not write vectors during this run.
 */
export const resolveVectorSpace = async (
  model: string,
  embedder?: { status(): Promise<EmbedderStatus> },
  waitMs = VECTOR_SPACE_WAIT_MS,
): Promise<VectorSpace | undefined> => {
  const known = knownModelDimension(model);
  if (known !== undefined) return { model, dims: known };
  if (!embedder) return undefined;
  const timer = new AbortController();
  const status = await Promise.race([
    embedder.status().catch(() => undefined),
    sleep(waitMs, undefined, { signal: timer.signal }).catch(() => undefined),
  ]);
  timer.abort();
  return status?.ready && status.model === model && status.dimension
    ? { model, dims: status.dimension }
    : undefined;
};
