/** How similar a label must be to a text, per model: models spread their cosine scores very differently. */
export interface ModelSettings {
  /** Lowest similarity between a label and the whole text for `/ml` to suggest it. */
  labelThreshold: number;
  /** Lowest similarity between a label and one phrase of the text. */
  phraseThreshold: number;
}

/**
 * Set against the bench/quality set. The static model scores whole sentences low but one-word phrases high
 * (a lone word sits close to any label sharing it), hence its much higher phrase threshold; the transformer
 * model scores unrelated pairs around 0.1-0.3 and related ones above 0.45.
 */
export const MODEL_SETTINGS: Readonly<Record<string, ModelSettings>> = Object.freeze({
  'skillers/static-wordpiece-100d': { labelThreshold: 0.5, phraseThreshold: 0.7 },
  'Xenova/all-MiniLM-L6-v2': { labelThreshold: 0.5, phraseThreshold: 0.55 },
});

/** Strict enough that an unknown model suggests only labels it is clearly sure of. */
export const DEFAULT_MODEL_SETTINGS: ModelSettings = Object.freeze({
  labelThreshold: 0.6,
  phraseThreshold: 0.65,
});

export const modelSettings = (modelId: string): ModelSettings =>
  Object.hasOwn(MODEL_SETTINGS, modelId) ? MODEL_SETTINGS[modelId] : DEFAULT_MODEL_SETTINGS;
