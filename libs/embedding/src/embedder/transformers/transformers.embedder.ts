import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Embedder,
  EmbedderUnavailableError,
  type EmbedderStatus,
  missingModelMessage,
} from '../embedder.port';
import { disposeInWorker, embedInWorker, type WorkerModelOptions } from './embedding-pool';
import { DEFAULT_MAX_BATCH, MicroBatcher } from './micro-batcher';

export interface TransformersEmbedderOptions {
  /** Model id, such as `Xenova/all-MiniLM-L6-v2`. */
  model: string;
  /** A folder of models in the transformers.js layout; when set, nothing is fetched from the hub. */
  localModelPath?: string;
  /** Where models fetched from the hub are kept. */
  cacheDir?: string;
  maxBatch?: number;
  /**
   * Threads onnxruntime may use for one batch; unset, one per core. A process that also serves requests
   * keeps cores free for them by setting it.
   */
  threads?: number;
  /** Called once when the model cannot be loaded, with the message naming the fix. */
  onLoadError?: (message: string) => void;
  /** Called after each batch the model ran, with its number of texts (concurrent calls share batches). */
  onBatch?: (texts: number) => void;
}

/**
 * Hub models ship a quantized graph next to the full one and transformers.js picks it by default; a local
 * model may have only the full graph (the shared test model does), so use what the folder holds.
 */
const usesQuantized = (options: TransformersEmbedderOptions): boolean =>
  options.localModelPath === undefined ||
  existsSync(join(options.localModelPath, options.model, 'onnx', 'model_quantized.onnx'));

/**
 * Sentence vectors from transformers.js: feature extraction, mean pooling, unit length. The model runs in
 * the process's embedding worker thread (`embedding-pool.ts`), so embedding never blocks this thread's
 * event loop; it loads once, on first use.
 */
export class TransformersEmbedder implements Embedder {
  readonly adapter = 'transformers.js';
  readonly modelId: string;
  private readonly workerModel: WorkerModelOptions;
  private loading?: Promise<void>;
  private dims?: number;
  private loadError?: string;
  private readonly batcher: MicroBatcher;

  constructor(private readonly options: TransformersEmbedderOptions) {
    this.modelId = options.model;
    this.workerModel = {
      model: options.model,
      localModelPath: options.localModelPath,
      cacheDir: options.cacheDir,
      quantized: usesQuantized(options),
      threads: options.threads,
    };
    this.batcher = new MicroBatcher((texts) => this.run(texts), options.maxBatch ?? DEFAULT_MAX_BATCH);
  }

  dimension(): number | undefined {
    return this.dims;
  }

  /** Starts loading the model (once); resolves when it is ready, rejects when it cannot be loaded. */
  load(): Promise<void> {
    this.loading ??= this.open().catch((error: unknown) => {
      this.loadError = missingModelMessage(this.modelId, (error as Error).message ?? String(error));
      this.options.onLoadError?.(this.loadError);
      throw new EmbedderUnavailableError(this.loadError, { cause: error });
    });
    return this.loading;
  }

  async embed(texts: readonly string[]): Promise<number[][]> {
    await this.load();
    return this.batcher.submit(texts);
  }

  async isReady(): Promise<boolean> {
    try {
      await this.load();
      return true;
    } catch {
      return false;
    }
  }

  async status(): Promise<EmbedderStatus> {
    const ready = await this.isReady();
    return {
      adapter: this.adapter,
      model: this.modelId,
      ready,
      ...(this.dims !== undefined && { dimension: this.dims }),
      ...(this.loadError !== undefined && { error: this.loadError }),
    };
  }

  async close(): Promise<void> {
    await disposeInWorker(this.workerModel);
  }

  private async open(): Promise<void> {
    const probe = await embedInWorker(this.workerModel, ['probe']);
    this.dims = probe.dimension;
  }

  private async run(texts: string[]): Promise<number[][]> {
    await this.load();
    const { data, dimension } = await embedInWorker(this.workerModel, texts);
    this.options.onBatch?.(texts.length);
    return texts.map((_, row) => Array.from(data.subarray(row * dimension, (row + 1) * dimension)));
  }
}
