import { HttpEmbedder, type HttpEmbedderOptions } from './http/http.embedder';
import { TransformersEmbedder, type TransformersEmbedderOptions } from './transformers/transformers.embedder';

/** The in-process model's options; its `model` is the id the HTTP client expects from the service too. */
export interface EmbedderSettings extends TransformersEmbedderOptions {
  /** The embedder service's address; without it the model runs in this process. */
  embedderUrl?: string;
  /** How long the HTTP client waits for the service. */
  timeoutMs?: HttpEmbedderOptions['timeoutMs'];
}

/**
 * The embedder service's HTTP client when a URL is configured, otherwise the model in this process (in its
 * embedding worker thread). The in-process options apply to the in-process model only.
 */
export function openEmbedder(settings: EmbedderSettings & { embedderUrl: string }): HttpEmbedder;
export function openEmbedder(settings: EmbedderSettings & { embedderUrl?: undefined }): TransformersEmbedder;
export function openEmbedder(settings: EmbedderSettings): HttpEmbedder | TransformersEmbedder;
export function openEmbedder({
  embedderUrl,
  timeoutMs,
  ...options
}: EmbedderSettings): HttpEmbedder | TransformersEmbedder {
  return embedderUrl
    ? new HttpEmbedder({ url: embedderUrl, model: options.model, timeoutMs })
    : new TransformersEmbedder(options);
}
