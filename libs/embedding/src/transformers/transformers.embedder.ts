import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Embedder,
  EmbedderUnavailableError,
  type EmbedderStatus,
  missingModelMessage,
} from '../embedder.port';
import { DEFAULT_MAX_BATCH, MicroBatcher } from './micro-batcher';

export interface TransformersEmbedderOptions {
  /** Model id, such as `Xenova/all-MiniLM-L6-v2`. */
  model: string;
  /** A folder of models in the transformers.js layout; when set, nothing is fetched from the hub. */
  localModelPath?: string;
  /** Where models fetched from the hub are kept. */
  cacheDir?: string;
  maxBatch?: number;
  /** Called once when the model cannot be loaded, with the message naming the fix. */
  onLoadError?: (message: string) => void;
}

interface Tensor {
  data: Float32Array;
  dims: number[];
}
type Extractor = ((texts: string[], options: { pooling: 'mean'; normalize: boolean }) => Promise<Tensor>) & {
  dispose?: () => Promise<void>;
};

/**
 * The package is ESM-only and this code is compiled to CommonJS, where only a real dynamic `import()` can
 * load it; the Node16 module setting leaves `import()` as it is in the compiled output.
 */
const loadTransformers = () => import('@xenova/transformers');

/**
 * Hub models ship a quantized graph next to the full one and transformers.js picks it by default; a local
 * model may have only the full graph (the shared test model does), so use what the folder holds.
 */
const usesQuantized = (options: TransformersEmbedderOptions): boolean =>
  options.localModelPath === undefined ||
  existsSync(join(options.localModelPath, options.model, 'onnx', 'model_quantized.onnx'));

/** Sentence vectors in this process: feature extraction, mean pooling, unit length; the model loads once. */
export class TransformersEmbedder implements Embedder {
  readonly adapter = 'transformers.js';
  readonly modelId: string;
  private loading?: Promise<Extractor>;
  private dims?: number;
  private loadError?: string;
  private readonly batcher: MicroBatcher;

  constructor(private readonly options: TransformersEmbedderOptions) {
    this.modelId = options.model;
    this.batcher = new MicroBatcher((texts) => this.run(texts), options.maxBatch ?? DEFAULT_MAX_BATCH);
  }

  dimension(): number | undefined {
    return this.dims;
  }

  /** Starts loading the model (once); resolves when it is ready, rejects when it cannot be loaded. */
  load(): Promise<Extractor> {
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
    const extractor = await this.loading?.catch(() => undefined);
    await extractor?.dispose?.();
  }

  private async open(): Promise<Extractor> {
    const { pipeline, env } = await loadTransformers();
    const { localModelPath, cacheDir } = this.options;
    // transformers.js keeps these settings globally; one process serves one model, so set them per load.
    env.allowRemoteModels = localModelPath === undefined;
    env.allowLocalModels = localModelPath !== undefined;
    if (localModelPath !== undefined) env.localModelPath = `${localModelPath.replace(/\/+$/, '')}/`;
    if (cacheDir !== undefined) env.cacheDir = cacheDir;
    const extractor = (await pipeline('feature-extraction', this.modelId, {
      quantized: usesQuantized(this.options),
    })) as unknown as Extractor;
    const probe = await extractor(['probe'], { pooling: 'mean', normalize: true });
    this.dims = probe.dims[probe.dims.length - 1];
    return extractor;
  }

  private async run(texts: string[]): Promise<number[][]> {
    const extractor = await this.load();
    const output = await extractor(texts, { pooling: 'mean', normalize: true });
    const size = output.dims[output.dims.length - 1];
    return texts.map((_, row) => Array.from(output.data.subarray(row * size, (row + 1) * size)));
  }
}
