/** What a health check reports about an embedder. */
export interface EmbedderStatus {
  adapter: 'transformers.js' | 'http';
  model: string;
  ready: boolean;
  /** Vector length, known once the model has loaded. */
  dimension?: number;
  /** Why the model is unavailable, worded with the fix. */
  error?: string;
}

/** Vectors from a cache alone: undefined for a text the cache does not hold. */
export interface CachedVectors {
  readonly modelId: string;
  embed(texts: readonly string[]): Promise<(number[] | undefined)[]>;
}

/** Sentence vectors: one unit-length vector per text, in input order. */
export interface Embedder {
  readonly modelId: string;
  readonly adapter: EmbedderStatus['adapter'];
  /** Vector length once known (after the model has loaded or the service has answered). */
  dimension(): number | undefined;
  /** Rejects with `EmbedderUnavailableError` when no model can be loaded. */
  embed(texts: readonly string[]): Promise<number[][]>;
  /** Loads the model if needed; true when it can embed. Never rejects. */
  isReady(): Promise<boolean>;
  status(): Promise<EmbedderStatus>;
  close?(): Promise<void>;
  /**
   * Only for an embedder with a vector cache: the same cache without the model, each text's cached vector or
   * undefined (a start-up rebuild indexes with it, so the server answers at once).
   */
  cacheOnly?(): CachedVectors;
}

/** The model cannot be loaded or the embedder service cannot be reached; callers fall back to lexical. */
export class EmbedderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EmbedderUnavailableError';
  }
}

/** The message a missing model is reported with, naming the exact fix. */
export const missingModelMessage = (modelId: string, cause: string): string =>
  `Embedding model "${modelId}" could not be loaded (${cause}). Set EMBEDDER_MODEL_PATH to a folder holding ` +
  `${modelId} in the transformers.js layout, or allow downloads from the model hub.`;
