import { Controller, Get, Inject, Res } from '@nestjs/common';
import { type OutboxReading, readOutbox } from '@skillers/indexing';
import type { RecordStore } from '@skillers/store';
import type { Response } from 'express';
import type { AppConfig } from '../config/app-config';
import { type PortName, PortStatusRegistry } from '../core/port-status';
import { APP_CONFIG, RECORD_STORE } from '../core/tokens';
import { QueryPathWarmUp } from '../indexing/query-path-warm-up.state';
import { SnapshotCheck } from '../indexing/snapshot-check.state';

/** The ports a node cannot answer without; the embedder only adds vectors, searches work without it. */
const NEEDED_PORTS: readonly PortName[] = ['store', 'search', 'queue'];

/**
 * `GET /api/ready`: whether this node should take traffic. `/api/health` says the process is alive; this
 * also wants the store, index and queue reachable and the index caught up: the oldest change waiting in
 * the outbox younger than `READY_INDEX_LAG_SECONDS`, and the embedded index's query path warmed after a
 * start (`QueryPathWarmUp`), and the snapshot's sections checked after the start (`SnapshotCheck`). 503 names
 * what is not ready.
 */
@Controller('ready')
export class ReadyController {
  constructor(
    private readonly ports: PortStatusRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(RECORD_STORE) private readonly store: RecordStore,
    private readonly warmUp: QueryPathWarmUp,
    private readonly snapshotCheck: SnapshotCheck,
  ) {}

  @Get()
  async ready(@Res({ passthrough: true }) response: Response) {
    const ports = await this.ports.statuses();
    const notReady: string[] = NEEDED_PORTS.filter((port) => !ports[port].ready);
    if (this.warmUp.pending()) notReady.push('query path warm');
    if (this.snapshotCheck.pending()) notReady.push('index checked');
    let index: OutboxReading | { error: string };
    try {
      index = await readOutbox(this.store);
      if (index.oldestOutboxEntrySeconds > this.config.readyIndexLagSeconds) notReady.push('index caught up');
    } catch (error) {
      index = { error: (error as Error).message };
      notReady.push('index caught up');
    }
    if (notReady.length > 0) response.status(503);
    return {
      status: notReady.length > 0 ? 'not ready' : 'ready',
      ...(notReady.length > 0 && { notReady }),
      index: { ...index, maxLagSeconds: this.config.readyIndexLagSeconds },
      ports: Object.fromEntries(NEEDED_PORTS.map((port) => [port, ports[port]])),
    };
  }
}
