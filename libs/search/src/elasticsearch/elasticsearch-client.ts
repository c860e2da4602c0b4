import type * as ElasticsearchPackage from '@elastic/elasticsearch';

/**
 * The client package, loaded when first used: a node on the embedded index never uses it, and loading it
 * took a tenth of a second of every start.
 */
export const elasticsearchPackage = (): typeof ElasticsearchPackage =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  require('@elastic/elasticsearch') as typeof ElasticsearchPackage;

/** Whether the error is Elasticsearch's answer with an error status (its status and body are read). */
export const isResponseError = (error: unknown): error is ElasticsearchPackage.errors.ResponseError =>
  error instanceof elasticsearchPackage().errors.ResponseError;

export interface ElasticsearchClientOptions {
  /**
   * How long one request may go unanswered before it fails, in milliseconds (default 30 000). Client 9 sets
   * none, so a stalled cluster would hold a health check or an index job for good; this one fails, and the
   * job is retried later.
   */
  requestTimeoutMs?: number;
  /** Further tries of a request that failed on the connection or timed out (default 1). */
  maxRetries?: number;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/**
 * One retry covers a dropped connection; more would resend the same work to a cluster that is still busy
 * with it (Elasticsearch answers every request in the end), and the job queue retries with a backoff anyway.
 */
export const DEFAULT_MAX_RETRIES = 1;

/** The client every adapter on Elasticsearch talks through, with an explicit timeout and retries. */
export const elasticsearchClient = (
  url: string,
  {
    requestTimeoutMs = DEFAULT_REQUEST_TIMEOUT_MS,
    maxRetries = DEFAULT_MAX_RETRIES,
  }: ElasticsearchClientOptions = {},
): ElasticsearchPackage.Client =>
  new (elasticsearchPackage().Client)({ node: url, requestTimeout: requestTimeoutMs, maxRetries });
