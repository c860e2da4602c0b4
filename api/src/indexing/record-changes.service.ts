import { Injectable, Logger } from '@nestjs/common';

export type IndexedKind = 'project' | 'teammate';

/**
 * The single place that hears about every write to a project or skiller profile, so the search
 * index can follow the store. Callers await it: a durable hand-off can be added without touching them.
 */
@Injectable()
export class RecordChangesService {
  private readonly logger = new Logger(RecordChangesService.name);

  async changed(kind: IndexedKind, id: string): Promise<void> {
    this.logger.debug(`${kind} ${id} changed`);
  }

  async removed(kind: IndexedKind, id: string): Promise<void> {
    this.logger.debug(`${kind} ${id} removed`);
  }
}
