import type { Client } from '@elastic/elasticsearch';
import { elasticsearchClient, isResponseError } from '@skillers/search';
import { Logger } from '@nestjs/common';
import {
  EventBuffer,
  type EventBufferSettings,
  PartlyWrittenError,
  type WarningLogger,
} from './event-buffer';
import type { AnalyticsEvent } from './search-event';
import { ElasticsearchSearchAnalytics } from './elasticsearch.search-analytics';
import type { SearchAnalyticsReader } from './search-analytics';
import { ElasticsearchInvitationAnalytics } from './elasticsearch.invitation-analytics';
import type { InvitationAnalyticsReader } from './invitation-analytics';
import { INVITATION_EVENTS_INDEX, invitationEventsMappings } from './invitation-events.mapping';
import type { SearchEventSink } from './search-event-sink';
import {
  SEARCH_EVENTS_INDEX,
  searchEventsMappings,
  searchEventsPolicy,
  searchEventsTemplate,
} from './search-events.mapping';

export interface ElasticsearchSinkOptions extends EventBufferSettings {
  /** Another data stream name (and template and policy name), so that test runs never write into the real one. */
  index?: string;
  /** Likewise for the invitation events' data stream; by default `invitation-events`, or `<index>-invitations`. */
  invitationIndex?: string;
  logger?: WarningLogger;
}

const isAlreadyExists = (error: unknown): boolean =>
  isResponseError(error) &&
  (error.body as { error?: { type?: string } } | undefined)?.error?.type ===
    'resource_already_exists_exception';

const isNotFound = (error: unknown): boolean => isResponseError(error) && error.statusCode === 404;

/**
 * Events are worth one quick retry, not the client's default patience: a stalled cluster would otherwise
 * hold a stopping api node past its grace period while it flushes.
 */
const REQUEST_TIMEOUT_MS = 5_000;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The cluster profile's search events: bulk-appended to a data stream whose backing indices roll over daily
 * and are deleted after the retention period (an index lifecycle policy). At start it creates the policy
 * when missing (an operator's edits to it are kept), puts the index template, creates the stream, and puts
 * the current mapping on it, so a field added in a new version is accepted by the live index too instead of
 * being refused by its strict mapping. Events are never updated, so each is a `create` with a generated id.
 * A plain `search-events` index left by an earlier version keeps receiving events (with the new fields
 * mapped), and a warning says how to move it into a data stream.
 */
export class ElasticsearchSearchEventSink implements SearchEventSink {
  readonly adapter = 'elasticsearch';
  readonly index: string;
  readonly invitationIndex: string;
  private readonly buffer: EventBuffer<AnalyticsEvent>;
  private readonly logger: WarningLogger;
  private indexReady?: Promise<void>;

  private constructor(
    private readonly client: Client,
    {
      index = SEARCH_EVENTS_INDEX,
      invitationIndex = index === SEARCH_EVENTS_INDEX ? INVITATION_EVENTS_INDEX : `${index}-invitations`,
      logger = new Logger('SearchEvents'),
      ...settings
    }: ElasticsearchSinkOptions,
  ) {
    this.index = index;
    this.invitationIndex = invitationIndex;
    this.logger = logger;
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
      elasticsearchClient(url, { requestTimeoutMs: REQUEST_TIMEOUT_MS, maxRetries: 1 }),
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

  invitationAnalytics(): InvitationAnalyticsReader {
    return new ElasticsearchInvitationAnalytics(this.client, this.invitationIndex);
  }

  async close(): Promise<void> {
    await this.buffer.close();
    await this.client.close();
  }

  private ensureIndex(): Promise<void> {
    this.indexReady ??= this.prepare().catch((error: unknown) => {
      this.indexReady = undefined;
      throw error;
    });
    return this.indexReady;
  }

  private async prepare(): Promise<void> {
    await this.prepareSearchEvents();
    await this.prepareInvitationEvents();
  }

  private async prepareSearchEvents(): Promise<void> {
    await this.ensurePolicy(this.index);
    await this.client.indices.putIndexTemplate(searchEventsTemplate(this.index));
    if (await this.isDataStream(this.index)) {
      await this.putMapping();
    } else if (await this.client.indices.exists({ index: this.index })) {
      await this.putMapping();
      this.logger.warn(
        `${this.index} is a plain index from an earlier version: events keep going into it, without rollover ` +
          'or retention, until it is moved into a data stream (docs/cluster.md, "Search events")',
      );
    } else {
      await this.createDataStream(this.index);
    }
  }

  /** The same lifecycle as the search events; the stream exists from its first version on, so no plain index. */
  private async prepareInvitationEvents(): Promise<void> {
    const name = this.invitationIndex;
    await this.ensurePolicy(name);
    await this.client.indices.putIndexTemplate(searchEventsTemplate(name, invitationEventsMappings));
    if (await this.isDataStream(name)) {
      await this.client.indices.putMapping({
        index: name,
        dynamic: invitationEventsMappings.dynamic,
        properties: invitationEventsMappings.properties,
      });
    } else {
      await this.createDataStream(name);
    }
  }

  private async createDataStream(name: string): Promise<void> {
    try {
      await this.client.indices.createDataStream({ name });
    } catch (error) {
      // Several api nodes start at once: one creates the stream, the others find it made.
      if (!isAlreadyExists(error)) throw error;
    }
  }

  /** Created only when missing, so retention an operator changed in Kibana survives restarts. */
  private async ensurePolicy(name: string): Promise<void> {
    try {
      await this.client.ilm.getLifecycle({ name });
    } catch (error) {
      if (!isNotFound(error)) throw error;
      await this.client.ilm.putLifecycle({ name, policy: searchEventsPolicy });
    }
  }

  private async isDataStream(name: string): Promise<boolean> {
    try {
      await this.client.indices.getDataStream({ name });
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  /** Adds the fields of this version's mapping to every backing index; existing fields are left as they are. */
  private async putMapping(): Promise<void> {
    await this.client.indices.putMapping({
      index: this.index,
      dynamic: searchEventsMappings.dynamic,
      properties: searchEventsMappings.properties,
    });
  }

  private async append(batch: readonly AnalyticsEvent[]): Promise<void> {
    await this.ensureIndex();
    const response = await this.client.bulk({
      operations: batch.flatMap((event) => [
        { create: { _index: event.type === 'invitation' ? this.invitationIndex : this.index } },
        { '@timestamp': event.at, ...event },
      ]),
    });
    if (!response.errors) return;
    const refused = response.items.map((item) => item.create?.error).filter((error) => error !== undefined);
    const [first] = refused;
    // The others were stored: only the refused ones are lost.
    throw new PartlyWrittenError(
      `${refused.length} of ${batch.length} refused by ${this.index}: ${first?.type}: ${first?.reason}`,
      refused.length,
    );
  }
}
