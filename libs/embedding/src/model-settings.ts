/** How similar a label must be to a text, per model: models spread their cosine scores very differently. */
export interface ModelSettings {
  /** Lowest similarity between a label and the whole text for `/ml` to suggest it. */
  labelThreshold: number;
  /** Lowest similarity between a label and one phrase of the text. */
  phraseThreshold: number;
}

/**
 * The static model's pair is set from the bench/quality threshold sweep (bench/README.md): its matches by
 * meaning are mostly near misses ("Android Developer" for an iOS developer), so only a whole text or a
 * phrase nearly identical to a label counts; lower pairs bought a few more right labels with many more
 * wrong ones (0.5 and 0.7 halved precision). A lone word sits close to any label sharing it, hence the
 * higher phrase threshold. The transformer model scores unrelated pairs around 0.1-0.3 and related ones
 * above 0.45; the harness has not measured it offline.
 */
export const MODEL_SETTINGS: Readonly<Record<string, ModelSettings>> = Object.freeze({
  'skillers/static-wordpiece-100d': { labelThreshold: 0.75, phraseThreshold: 0.9 },
  'Xenova/all-MiniLM-L6-v2': { labelThreshold: 0.5, phraseThreshold: 0.55 },
});

/** Strict enough that an unknown model suggests only labels it is clearly sure of. */
export const DEFAULT_MODEL_SETTINGS: ModelSettings = Object.freeze({
  labelThreshold: 0.6,
  phraseThreshold: 0.65,
});

export const modelSettings = (modelId: string): ModelSettings =>
  Object.hasOwn(MODEL_SETTINGS, modelId) ? MODEL_SETTINGS[modelId] : DEFAULT_MODEL_SETTINGS;

/**
 * Vector length of the models the product knows, so an index can be laid out for a model before any
 * embedder has answered (the embedder service may still be loading, or down). Other models are asked.
 */
export const MODEL_DIMENSIONS: Readonly<Record<string, number>> = Object.freeze({
  'skillers/static-wordpiece-100d': 100,
  'Xenova/all-MiniLM-L6-v2': 384,
});

export const knownModelDimension = (modelId: string): number | undefined =>
  Object.hasOwn(MODEL_DIMENSIONS, modelId) ? MODEL_DIMENSIONS[modelId] : undefined;
