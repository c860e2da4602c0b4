import { Injectable, Logger } from '@nestjs/common';

/**
 * Whether the embedded index's query path is still being warmed after a start (`warmQueryPath`):
 * `/api/ready` says no meanwhile. A node whose index lives elsewhere (Elasticsearch) has nothing to warm.
 */
@Injectable()
export class QueryPathWarmUp {
  private readonly logger = new Logger('SearchIndex');
  private readonly stop = new AbortController();
  private running?: Promise<void>;
  private warming = false;
  /** How many queries the last warm-up ran. */
  warmedQueries = 0;

  /** Runs `warm` in the background; its failure is logged and ends the warm-up (searches work cold). */
  start(warm: (signal: AbortSignal) => Promise<number>): void {
    const started = Date.now();
    this.warming = true;
    this.running = warm(this.stop.signal)
      .then((queries) => {
        this.warmedQueries = queries;
        this.logger.log(`Query path warmed with ${queries} queries in ${Date.now() - started} ms`);
      })
      .catch((error: Error) => this.logger.warn(`Query path not warmed: ${error.message}`))
      .finally(() => {
        this.warming = false;
      });
  }

  pending(): boolean {
    return this.warming;
  }

  /** Stops a warm-up under way, for a shutdown. */
  async close(): Promise<void> {
    this.stop.abort();
    await this.running;
  }
}
