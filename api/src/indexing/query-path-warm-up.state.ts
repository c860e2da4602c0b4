import { Injectable, Logger, Optional } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:net';

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

  constructor(@Optional() private readonly adapterHost?: HttpAdapterHost) {}

  /**
   * Runs `warm` in the background once the server listens (at once if it already does, or has no HTTP
   * server): the warm-up reads the whole index for seconds at a million records, and a start that listens
   * first lets a load balancer see the node, not ready, instead of not there. Its failure is logged and ends
   * the warm-up (searches work cold).
   */
  start(warm: (signal: AbortSignal) => Promise<number>): void {
    this.warming = true;
    const server = this.adapterHost?.httpAdapter?.getHttpServer() as Server | undefined;
    // On the next turn: the listen's own callbacks (which announce the address) come first.
    if (server && !server.listening) server.once('listening', () => setImmediate(() => this.run(warm)));
    else this.run(warm);
  }

  private run(warm: (signal: AbortSignal) => Promise<number>): void {
    if (this.stop.signal.aborted) return;
    const started = Date.now();
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
