import type { DocumentEmbedder } from '@skillers/indexing';

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The worker's embedder, reporting outages once: when it stops embedding (the service is down, or runs another
 * model) and when it embeds again. Meanwhile records are indexed without vectors, similarity search ranks them
 * lexically, and a reindex fills their vectors in later.
 */
export class EmbedderWatch implements DocumentEmbedder {
  private down = false;

  constructor(
    private readonly embedder: DocumentEmbedder,
    private readonly log: (line: string) => void,
  ) {}

  get modelId(): string {
    return this.embedder.modelId;
  }

  /** Whether the last embedding failed. */
  get unavailable(): boolean {
    return this.down;
  }

  async embed(texts: readonly string[]): Promise<(number[] | undefined)[]> {
    const vectors = await this.embedder.embed(texts);
    if (this.down) {
      this.down = false;
      this.log(
        `The embedder embeds again with "${this.modelId}": records indexed from now on get vectors; ` +
          'run `reindex` to fill in those indexed without one meanwhile',
      );
    }
    return vectors;
  }

  /** For `withVectors`: the embedder could not embed a batch, whose documents go in without vectors. */
  readonly failed = (error: unknown): void => {
    if (this.down) return;
    this.down = true;
    this.log(
      `The embedder cannot embed (${messageOf(error)}): records are indexed without vectors and similarity ` +
        'search ranks them lexically; run `reindex` once it is back to fill their vectors in',
    );
  };
}
