import { type Embedder, EmbedderUnavailableError, type EmbedderStatus } from '../embedder.port';
import {
  decodeVectors,
  LITTLE_ENDIAN,
  VECTORS_DIMENSION_HEADER,
  VECTORS_MEDIA_TYPE,
  VECTORS_MODEL_HEADER,
} from './vector-encoding';

export interface HttpEmbedderOptions {
  /** Base URL of the embedder service, such as `http://embedder:3001`. */
  url: string;
  /** The model the caller expects; vectors of another model would not match the index. */
  model: string;
  timeoutMs?: number;
}

interface EmbedAnswer {
  vectors: number[][];
  model: string;
  dimension: number;
}

interface HealthAnswer {
  model: string;
  dimension?: number;
  ready: boolean;
  error?: string;
}

/** The service answers at most this many texts per call. */
export const HTTP_EMBED_BATCH = 256;

/** Sentence vectors from the embedder service (`POST /embed`), for the cluster profile. */
export class HttpEmbedder implements Embedder {
  readonly adapter = 'http';
  readonly modelId: string;
  private dims?: number;

  constructor(private readonly options: HttpEmbedderOptions) {
    this.modelId = options.model;
  }

  dimension(): number | undefined {
    return this.dims;
  }

  async embed(texts: readonly string[]): Promise<number[][]> {
    const vectors: number[][] = [];
    for (let start = 0; start < texts.length; start += HTTP_EMBED_BATCH) {
      const batch = texts.slice(start, start + HTTP_EMBED_BATCH);
      const answer = await this.call<EmbedAnswer>(
        '/embed',
        {
          method: 'POST',
          // The binary answer when the service offers it (see vector-encoding.ts); JSON otherwise.
          headers: {
            'content-type': 'application/json',
            ...(LITTLE_ENDIAN && { accept: `${VECTORS_MEDIA_TYPE}, application/json;q=0.5` }),
          },
          body: JSON.stringify({ texts: batch }),
        },
        batch.length,
      );
      if (answer.model !== this.modelId) {
        throw new EmbedderUnavailableError(
          `The embedder service runs model "${answer.model}" but "${this.modelId}" is configured: set the same EMBEDDER_MODEL on both`,
        );
      }
      this.dims = answer.dimension;
      vectors.push(...answer.vectors);
    }
    return vectors;
  }

  async isReady(): Promise<boolean> {
    return (await this.status()).ready;
  }

  async status(): Promise<EmbedderStatus> {
    try {
      const health = await this.call<HealthAnswer>('/health', { method: 'GET' });
      if (health.dimension !== undefined) this.dims = health.dimension;
      const sameModel = health.model === this.modelId;
      return {
        adapter: this.adapter,
        model: this.modelId,
        ready: health.ready && sameModel,
        ...(this.dims !== undefined && { dimension: this.dims }),
        ...(!sameModel && { error: `the service runs "${health.model}"` }),
        ...(health.error !== undefined && { error: health.error }),
      };
    } catch (error) {
      return { adapter: this.adapter, model: this.modelId, ready: false, error: (error as Error).message };
    }
  }

  /** `count`: how many vectors a binary answer holds. */
  private async call<T>(path: string, init: RequestInit, count = 0): Promise<T> {
    let response: Response;
    try {
      response = await fetch(new URL(path, this.options.url), {
        ...init,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
      });
    } catch (error) {
      throw new EmbedderUnavailableError(`The embedder service at ${this.options.url} cannot be reached`, {
        cause: error,
      });
    }
    if (response.ok && response.headers.get('content-type')?.startsWith(VECTORS_MEDIA_TYPE)) {
      return this.binaryAnswer(response, count) as T;
    }
    const body = (await response.json().catch(() => ({}))) as T & { message?: string; error?: string };
    // The health route answers 503 with its body when the model is missing; that body is the status.
    if (!response.ok && !(path === '/health' && response.status === 503)) {
      throw new EmbedderUnavailableError(
        `The embedder service answered ${response.status}: ${body.message ?? body.error ?? 'no reason given'}`,
      );
    }
    return body;
  }

  private async binaryAnswer(response: Response, count: number): Promise<EmbedAnswer> {
    const dimension = Number(response.headers.get(VECTORS_DIMENSION_HEADER));
    try {
      return {
        vectors: decodeVectors(await response.arrayBuffer(), count, dimension),
        model: response.headers.get(VECTORS_MODEL_HEADER) ?? '',
        dimension,
      };
    } catch (error) {
      throw new EmbedderUnavailableError(`The embedder service answered unreadable vectors`, {
        cause: error,
      });
    }
  }
}
