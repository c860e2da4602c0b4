import { Inject, Injectable } from '@nestjs/common';
import { readIndexBacklog } from '@skillers/indexing';
import { METRIC_PREFIX, registerIndexBacklog, registerIndexLag } from '@skillers/metrics';
import type { JobQueue } from '@skillers/queue';
import type { RecordStore } from '@skillers/store';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { AppEvents } from '../core/events/app-events.service';
import { METRICS_REGISTRY } from '../core/metrics-registry';
import { JOB_QUEUE, RECORD_STORE } from '../core/tokens';
import { RealtimeBroadcaster } from '../realtime/realtime-broadcaster';

/** From a cached listing (a few milliseconds) to a slow store or index (seconds). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** A page holds 12 records; the totals run to the whole index. */
const RESULT_BUCKETS = [0, 1, 5, 12, 50, 100, 500, 1000, 10_000, 100_000];

/**
 * The API's Prometheus series. Features never call this: it listens to their app events (searches, chat
 * messages, index writes), and reads the outbox, queue and sockets when scraped.
 */
@Injectable()
export class ApiMetrics {
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;

  constructor(
    @Inject(METRICS_REGISTRY) readonly registry: Registry,
    events: AppEvents,
    @Inject(RECORD_STORE) store: RecordStore,
    @Inject(JOB_QUEUE) queue: JobQueue,
    broadcaster: RealtimeBroadcaster,
  ) {
    const registers = [registry];
    this.httpDuration = new Histogram({
      name: `${METRIC_PREFIX}http_request_duration_seconds`,
      help: 'HTTP request latency by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    const searchDuration = new Histogram({
      name: `${METRIC_PREFIX}search_duration_seconds`,
      help: 'Search latency (index query and store join) by kind, restriction and free text',
      labelNames: ['kind', 'restriction', 'with_text'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    const searchResults = new Histogram({
      name: `${METRIC_PREFIX}search_results`,
      help: 'Records matching a search, by kind',
      labelNames: ['kind'],
      buckets: RESULT_BUCKETS,
      registers,
    });
    const zeroResults = new Counter({
      name: `${METRIC_PREFIX}search_zero_results_total`,
      help: 'Searches that matched nothing, by kind',
      labelNames: ['kind'],
      registers,
    });
    const similarityFallbacks = new Counter({
      name: `${METRIC_PREFIX}similarity_fallback_total`,
      help: 'Similarity rankings answered (the fallback after a search that matched nothing), by kind',
      labelNames: ['kind'],
      registers,
    });
    events.subscribe(
      'search.answered',
      ({ kind, restriction, withText, latencyMs, hits, similarityFallback }) => {
        if (similarityFallback) similarityFallbacks.inc({ kind });
        else searchDuration.observe({ kind, restriction, with_text: String(withText) }, latencyMs / 1000);
        searchResults.observe({ kind }, hits);
        if (hits === 0) zeroResults.inc({ kind });
      },
    );

    const messages = new Counter({
      name: `${METRIC_PREFIX}chat_messages_total`,
      help: 'Chat messages stored and delivered',
      registers,
    });
    events.subscribe('message.sent', () => messages.inc());

    const observeLag = registerIndexLag(registry);
    events.subscribe('record.indexed', ({ writtenAtMs }) => observeLag(writtenAtMs));
    registerIndexBacklog(registry, () => readIndexBacklog(store, queue));

    new Gauge({
      name: `${METRIC_PREFIX}socket_connections`,
      help: 'socket.io connections to this node',
      registers,
      collect() {
        this.set(broadcaster.connections().sockets);
      },
    });
    new Gauge({
      name: `${METRIC_PREFIX}socket_rooms`,
      help: 'socket.io rooms on this node, each socket own room included',
      registers,
      collect() {
        this.set(broadcaster.connections().rooms);
      },
    });
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.httpDuration.observe({ method, route, status: String(status) }, seconds);
  }
}
