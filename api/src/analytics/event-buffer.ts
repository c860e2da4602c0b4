export interface WarningLogger {
  warn(message: string): void;
}

export interface EventBufferSettings {
  /** Most events held while writes are slow or failing; further events are dropped until it drains. */
  capacity?: number;
  /** How long a first event waits for others before they are written together. */
  flushDelayMs?: number;
  /** Events per write; a buffer holding this many is written at once. */
  batchSize?: number;
}

export interface EventBufferOptions<T> extends EventBufferSettings {
  /** Plural name of the events, for warnings. */
  label: string;
  write(batch: T[]): Promise<void>;
  logger: WarningLogger;
}

export const DEFAULT_EVENT_BUFFER: Required<EventBufferSettings> = {
  capacity: 10_000,
  flushDelayMs: 1000,
  batchSize: 500,
};

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** A write that stored some of its batch: only `lost` of the events were refused. */
export class PartlyWrittenError extends Error {
  constructor(
    message: string,
    readonly lost: number,
  ) {
    super(message);
    this.name = 'PartlyWrittenError';
  }
}

/**
 * A bounded queue of events written in batches in the background. `push` never waits and never throws:
 * the caller is a request being answered, and losing an analytics event is better than slowing it down.
 * Warnings are kept to one per episode (buffer full, destination failing) so an outage does not flood the
 * log.
 */
export class EventBuffer<T> {
  private readonly settings: Required<EventBufferSettings>;
  private pending: T[] = [];
  private dropped = 0;
  private failedEvents = 0;
  private timer?: NodeJS.Timeout;
  private timerIsImmediate = false;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly options: EventBufferOptions<T>) {
    this.settings = {
      capacity: options.capacity ?? DEFAULT_EVENT_BUFFER.capacity,
      flushDelayMs: options.flushDelayMs ?? DEFAULT_EVENT_BUFFER.flushDelayMs,
      batchSize: options.batchSize ?? DEFAULT_EVENT_BUFFER.batchSize,
    };
  }

  push(event: T): void {
    if (this.closed) return;
    if (this.pending.length >= this.settings.capacity) {
      if (this.dropped === 0) {
        this.options.logger.warn(
          `The ${this.options.label} buffer is full (${this.settings.capacity}): dropping new ones until it drains`,
        );
      }
      this.dropped += 1;
      return;
    }
    this.pending.push(event);
    this.schedule(this.pending.length >= this.settings.batchSize ? 0 : this.settings.flushDelayMs);
  }

  /** Writes everything pushed so far, after any write already under way. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.writing = this.writing.then(() => this.drain());
    return this.writing;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  private schedule(delayMs: number): void {
    if (this.timer && (this.timerIsImmediate || delayMs > 0)) return;
    clearTimeout(this.timer);
    this.timerIsImmediate = delayMs === 0;
    // Unreferenced: a pending flush must not keep a finished process alive (close flushes anyway).
    this.timer = setTimeout(() => void this.flush(), delayMs).unref();
  }

  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, this.settings.batchSize);
      await this.writeBatch(batch);
    }
    if (this.dropped > 0) {
      this.options.logger.warn(`Dropped ${this.dropped} ${this.options.label} while the buffer was full`);
      this.dropped = 0;
    }
  }

  private async writeBatch(batch: T[]): Promise<void> {
    try {
      await this.options.write(batch);
      if (this.failedEvents > 0) {
        this.options.logger.warn(
          `Recording ${this.options.label} again; ${this.failedEvents} were lost while writes failed`,
        );
        this.failedEvents = 0;
      }
    } catch (error) {
      const lost = error instanceof PartlyWrittenError ? error.lost : batch.length;
      if (this.failedEvents === 0) {
        this.options.logger.warn(
          `Could not record ${lost} ${this.options.label} (${messageOf(error)}); ` +
            'they are dropped, and further failures are only counted until a write succeeds',
        );
      }
      this.failedEvents += lost;
    }
  }
}
