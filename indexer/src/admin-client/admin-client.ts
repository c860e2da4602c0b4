import type {
  AccountExport,
  AdminReportList,
  AdminStats,
  DismissedProposition,
  PropositionList,
  ReindexDoneEvent,
  ReindexEvent,
  ReindexProgressEvent,
  ReportRecord,
  ReportStatus,
  RetriedJobs,
  SearchKind,
} from '@skillers/domain';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import type { AdminCredentials } from './admin-token';

/** A failed admin call, worded as the one line the command prints. */
export class AdminApiError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminApiError';
  }
}

export const serverUnreachableMessage = (baseUrl: string): string =>
  `No Skillers server answers at ${baseUrl}; start it with npm start, ` +
  'or set ELASTICSEARCH_URL to reindex a cluster directly';

const errorMessageOf = async (response: Response): Promise<string> => {
  const text = await response.text();
  try {
    const { message } = JSON.parse(text) as { message?: unknown };
    if (typeof message === 'string') return message;
  } catch {
    // Not the API's JSON error: some other server answers at this address.
  }
  return `HTTP ${response.status} ${response.statusText}`.trim();
};

export interface ReportQuery {
  status?: ReportStatus;
  page?: number;
}

export interface ResolvedReport {
  message: string;
  report: ReportRecord;
}

export interface PropositionQuery {
  filterType?: string;
  page?: number;
}

/** The running server's admin API (`/api/admin`), authenticated with the admin token. */
export class AdminClient {
  private readonly baseUrl: string;

  constructor(
    baseUrl: string,
    private readonly credentials: AdminCredentials,
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  stats(): Promise<AdminStats> {
    return this.json('GET', '/api/admin/stats');
  }

  retryFailedJobs(): Promise<RetriedJobs> {
    return this.json('POST', '/api/admin/jobs/retry-failed');
  }

  propositions({ filterType, page }: PropositionQuery = {}): Promise<PropositionList> {
    const query = new URLSearchParams();
    if (filterType) query.set('filterType', filterType);
    if (page) query.set('page', String(page));
    const search = query.size > 0 ? `?${query}` : '';
    return this.json('GET', `/api/admin/propositions${search}`);
  }

  dismissProposition(id: string): Promise<DismissedProposition> {
    return this.json('DELETE', `/api/admin/propositions/${encodeURIComponent(id)}`);
  }

  reports({ status, page }: ReportQuery = {}): Promise<AdminReportList> {
    const query = new URLSearchParams();
    if (status) query.set('status', status);
    if (page) query.set('page', String(page));
    const search = query.size > 0 ? `?${query}` : '';
    return this.json('GET', `/api/admin/reports${search}`);
  }

  /** Hides the reported item and closes the reports about it. */
  hideReported(reportId: string): Promise<ResolvedReport> {
    return this.json('POST', `/api/admin/reports/${encodeURIComponent(reportId)}/hide`);
  }

  /** Puts the hidden item back and turns the reports that hid it into dismissed ones. */
  restoreReported(reportId: string): Promise<ResolvedReport> {
    return this.json('POST', `/api/admin/reports/${encodeURIComponent(reportId)}/restore`);
  }

  dismissReport(reportId: string): Promise<ResolvedReport> {
    return this.json('POST', `/api/admin/reports/${encodeURIComponent(reportId)}/dismiss`);
  }

  /** Everything the product keeps about the account with this email, as the user would download it. */
  exportAccount(email: string): Promise<AccountExport> {
    return this.json('GET', `/api/admin/users/export?${new URLSearchParams({ email })}`);
  }

  /** Deletes the account with this email and everything it leaves behind, as the user's own delete does. */
  deleteAccount(email: string): Promise<{ message: string; userId: string }> {
    return this.json('DELETE', `/api/admin/users?${new URLSearchParams({ email })}`);
  }

  /**
   * Asks for a reindex and follows its progress stream until the `done` line, which it resolves to. An
   * `error` line, or a stream that ends without either, rejects.
   */
  async reindex(
    kind: SearchKind | undefined,
    onProgress: (event: ReindexProgressEvent) => void,
  ): Promise<ReindexDoneEvent> {
    const response = await this.send('POST', '/api/admin/reindex', kind ? { kind } : {});
    if (!response.body) throw new AdminApiError('The server answered the reindex without a progress stream');
    const lines = createInterface({
      input: Readable.fromWeb(response.body as ReadableStream<Uint8Array>),
      crlfDelay: Infinity,
    });
    for await (const line of lines) {
      if (!line.trim()) continue;
      const event = JSON.parse(line) as ReindexEvent;
      if (event.type === 'progress') onProgress(event);
      else if (event.type === 'done') return event;
      else throw new AdminApiError(`The reindex failed: ${event.message}`);
    }
    throw new AdminApiError('The server closed the connection before the reindex finished');
  }

  private async json<T>(method: string, path: string): Promise<T> {
    return (await (await this.send(method, path)).json()) as T;
  }

  private async send(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.credentials.token) headers.authorization = `Bearer ${this.credentials.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new AdminApiError(serverUnreachableMessage(this.baseUrl));
    }
    if (response.ok) return response;
    const message = await errorMessageOf(response);
    if (response.status === 401) {
      throw new AdminApiError(`${message} ${this.credentials.hint}`);
    }
    throw new AdminApiError(message);
  }
}
