// The models run here, in the worker thread of the embedding pool (embedding-pool.ts), so a long batch never
// holds the event loop of the thread that serves requests. Plain JavaScript: worker threads load files as
// they are, and this one must run unchanged from the sources (tests) and from the build.
import { createRequire } from 'node:module';

/**
 * @typedef {{ model: string, localModelPath?: string, cacheDir?: string, quantized: boolean, threads?: number }} ModelOptions
 */

/** Loaded pipelines by their options; a model loads on first use and again after `dispose`. */
const pipelines = new Map();
/** onnxruntime threads for the session being created; see `limitThreads`. */
let sessionThreads;
let threadsLimited = false;

/**
 * transformers.js 2 passes no session options to onnxruntime, which then takes a thread per core: its own
 * copy of onnxruntime-node (the module object it imports) gets the thread count added to each session.
 */
const limitThreads = () => {
  if (threadsLimited) return;
  threadsLimited = true;
  const { InferenceSession } = createRequire(import.meta.resolve('@xenova/transformers'))('onnxruntime-node');
  const create = InferenceSession.create.bind(InferenceSession);
  InferenceSession.create = (model, options) =>
    create(
      model,
      sessionThreads === undefined
        ? options
        : { ...options, intraOpNumThreads: sessionThreads, interOpNumThreads: 1 },
    );
};

/** @param {ModelOptions} options */
const load = async (options) => {
  const { pipeline, env } = await import('@xenova/transformers');
  limitThreads();
  // transformers.js keeps these settings globally; they are set again for each model loaded.
  env.allowRemoteModels = options.localModelPath === undefined;
  env.allowLocalModels = options.localModelPath !== undefined;
  if (options.localModelPath !== undefined)
    env.localModelPath = `${options.localModelPath.replace(/\/+$/, '')}/`;
  if (options.cacheDir !== undefined) env.cacheDir = options.cacheDir;
  sessionThreads = options.threads;
  return pipeline('feature-extraction', options.model, { quantized: options.quantized });
};

/** @param {ModelOptions} options */
const extractorFor = (options) => {
  const key = JSON.stringify(options);
  let loading = pipelines.get(key);
  if (!loading) {
    loading = load(options);
    pipelines.set(key, loading);
    // A failed load is reported to the task that asked, and tried again by the next one.
    loading.catch(() => pipelines.delete(key));
  }
  return loading;
};

/**
 * Sentence vectors of `texts`: mean pooling, unit length, one row of `dimension` numbers per text.
 * @param {{ model: ModelOptions, texts: string[] }} task
 * @returns {Promise<{ data: Float32Array, dimension: number }>}
 */
export default async function embed({ model, texts }) {
  const extractor = await extractorFor(model);
  const output = await extractor(texts, { pooling: 'mean', normalize: true });
  return { data: output.data, dimension: output.dims[output.dims.length - 1] };
}

/**
 * Frees a model's memory; a later task loads it again.
 * @param {{ model: ModelOptions }} task
 */
export async function dispose({ model }) {
  const key = JSON.stringify(model);
  const loading = pipelines.get(key);
  pipelines.delete(key);
  const extractor = await loading?.catch(() => undefined);
  await extractor?.dispose?.();
}
