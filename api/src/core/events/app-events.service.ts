import { Global, Injectable, Logger, Module } from '@nestjs/common';
import type { AppEventHandler, AppEventMap, AppEventName } from './app-events';

/**
 * Publishes app events to their subscribers within this process. A publish awaits every subscriber in the
 * order they subscribed and rejects with the first error, so a caller keeps the ordering and the failures it
 * had when it called the other feature directly.
 */
@Injectable()
export class AppEvents {
  private readonly logger = new Logger(AppEvents.name);
  private readonly handlers = new Map<AppEventName, AppEventHandler<never>[]>();

  subscribe<Name extends AppEventName>(name: Name, handler: AppEventHandler<Name>): void {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), handler as AppEventHandler<never>]);
  }

  async publish<Name extends AppEventName>(name: Name, payload: AppEventMap[Name]): Promise<void> {
    for (const handler of this.handlers.get(name) ?? []) await (handler as AppEventHandler<Name>)(payload);
  }

  /**
   * Publishes without waiting, for what only observes (the metrics): a failing subscriber is logged and
   * never reaches the caller, whose request does not depend on it.
   */
  notify<Name extends AppEventName>(name: Name, payload: AppEventMap[Name]): void {
    this.publish(name, payload).catch((error: unknown) =>
      this.logger.warn(`A subscriber to ${name} failed: ${(error as Error).message}`),
    );
  }
}

/** One publisher for the whole app: every module may publish and subscribe without importing another. */
@Global()
@Module({ providers: [AppEvents], exports: [AppEvents] })
export class AppEventsModule {}
