import { join } from 'node:path';
import { Piscina } from 'piscina';

/** What the worker needs to load a model; models with equal options share one loaded copy. */
export interface WorkerModelOptions {
  model: string;
  localModelPath?: string;
  cacheDir?: string;
  quantized: boolean;
  threads?: number;
}

/** What the worker answers for one batch: the vectors one after another, `dimension` numbers each. */
export interface WorkerVectors {
  data: Float32Array;
  dimension: number;
}

/** The worker script sits beside this file, in the sources as in the build. */
const WORKER_FILE = join(__dirname, 'embedding.worker.mjs');

/** Scheduler priority of the embedding worker below the process's own (Linux nice steps, 0-19). */
const EMBEDDING_NICE_INCREMENT = 10;

let pool: Piscina | undefined;

/**
 * The one embedding worker of this process. onnxruntime-node's native binding registers itself only the
 * first time a process loads it, so a second thread, even after the first has ended, cannot load it: the
 * worker is created once, lives as long as the process (piscina lets an idle worker not hold the process
 * open), and serves every model. One thread is enough: onnxruntime spreads a batch over its own threads.
 */
const embeddingPool = (): Piscina => {
  pool ??= new Piscina({
    filename: WORKER_FILE,
    minThreads: 1,
    maxThreads: 1,
    idleTimeout: Number.POSITIVE_INFINITY,
    // Below the thread that answers requests (and the onnxruntime threads it starts inherit it): on a busy
    // machine a long embedding waits for the CPU rather than the listings and chat do.
    niceIncrement: EMBEDDING_NICE_INCREMENT,
  });
  return pool;
};

export const embedInWorker = (model: WorkerModelOptions, texts: string[]): Promise<WorkerVectors> =>
  embeddingPool().run({ model, texts }) as Promise<WorkerVectors>;

export const disposeInWorker = async (model: WorkerModelOptions): Promise<void> => {
  if (pool) await pool.run({ model }, { name: 'dispose' });
};
