import { Client, errors } from '@elastic/elasticsearch';
import { Logger } from '@nestjs/common';
import { EventBuffer, type EventBufferSettings, type WarningLogger } from './event-buffer';
import type { AnalyticsEvent } from './search-event';
import { ElasticsearchSearchAnalytics } from './elasticsearch.search-analytics';
import type { SearchAnalyticsReader } from './search-analytics';
import type { SearchEventSink } from './search-event-sink';
import { SEARCH_EVENTS_INDEX, searchEventsMappings } from './search-events.mapping';

export interface ElasticsearchSinkOptions extends EventBufferSettings {
  /** Another index name, so that test runs never write into the real one. */
  index?: string;
  logger?: WarningLogger;
}

const isAlreadyExists = (error: unknown): boolean =>
  error instanceof errors.ResponseError &&
  (error.body as { error?: { type?: string } } | undefined)?.error?.type ===
    'resource_already_exists_exception';

/**
 * Events are worth one quick retry, not the client's default patience: a stalled cluster would otherwise
 * hold a stopping api node past its grace period while it flushes.
 */
const REQUEST_TIMEOUT_MS = 5_000;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The cluster profile's search events: bulk-appended to one index with an explicit mapping, created on
 * start when missing. Events are never updated, so each is a `create` with a generated id.
 */
export class ElasticsearchSearchEventSink implements SearchEventSink {
  readonly adapter = 'elasticsearch';
  readonly index: string;
  private readonly buffer: EventBuffer<AnalyticsEvent>;
  private indexReady?: Promise<void>;

  private constructor(
    private readonly client: Client,
    {
      index = SEARCH_EVENTS_INDEX,
      logger = new Logger('SearchEvents'),
      ...settings
    }: ElasticsearchSinkOptions,
  ) {
    this.index = index;
    this.buffer = new EventBuffer({
      ...settings,
      label: 'search events',
      logger,
      write: (batch) => this.append(batch),
    });
  }

  /**
   * Connects and creates the index if it is missing. A cluster that cannot be reached does not stop
   * start-up: the index is created before the first write that succeeds.
   */
  static async connect(
    url: string,
    options: ElasticsearchSinkOptions = {},
  ): Promise<ElasticsearchSearchEventSink> {
    const sink = new ElasticsearchSearchEventSink(
      new Client({ node: url, requestTimeout: REQUEST_TIMEOUT_MS, maxRetries: 1 }),
      options,
    );
    await sink.ensureIndex().catch((error: unknown) => {
      (options.logger ?? new Logger('SearchEvents')).warn(
        `Could not prepare the ${sink.index} index yet (${messageOf(error)}); trying again with the first events`,
      );
    });
    return sink;
  }

  record(event: AnalyticsEvent): void {
    this.buffer.push(event);
  }

  flush(): Promise<void> {
    return this.buffer.flush();
  }

  /** Aggregations over the same index; an event is counted once Elasticsearch refreshes (about a second). */
  analytics(): SearchAnalyticsReader {
    return new ElasticsearchSearchAnalytics(this.client, this.index);
  }

  async close(): Promise<void> {
    await this.buffer.close();
    await this.client.close();
  }

  private ensureIndex(): Promise<void> {
    this.indexReady ??= this.createIndexIfMissing().catch((error: unknown) => {
      this.indexReady = undefined;
      throw error;
    });
    return this.indexReady;
  }

  private async createIndexIfMissing(): Promise<void> {
    if (await this.client.indices.exists({ index: this.index })) return;
    try {
      await this.client.indices.create({ index: this.index, mappings: searchEventsMappings });
    } catch (error) {
      // Several api nodes start at once: one creates the index, the others find it made.
      if (!isAlreadyExists(error)) throw error;
    }
  }

  private async append(batch: readonly AnalyticsEvent[]): Promise<void> {
    await this.ensureIndex();
    const response = await this.client.bulk({
      operations: batch.flatMap((event) => [{ create: { _index: this.index } }, event]),
    });
    if (!response.errors) return;
    const refused = response.items.map((item) => item.create?.error).filter((error) => error !== undefined);
    const [first] = refused;
    throw new Error(
      `${refused.length} of ${batch.length} refused by ${this.index}: ${first?.type}: ${first?.reason}`,
    );
  }
}
