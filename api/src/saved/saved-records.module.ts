import { Global, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { AppEvents } from '../core/events/app-events.service';
import { SAVED_MARKS } from '../core/saved-marks.port';
import { SavedRepository } from './saved.repository';

/** A deleted project or profile is forgotten for everyone who saved it, before the delete is answered. */
@Injectable()
export class ForgetDeletedItems implements OnModuleInit {
  constructor(
    private readonly events: AppEvents,
    private readonly saved: SavedRepository,
  ) {}

  onModuleInit(): void {
    this.events.subscribe('record.deleted', ({ kind, id }) => this.saved.forgetItem(kind, id));
  }
}

/** The saved-items store on its own; global so projects and profiles read the marks without importing it. */
@Global()
@Module({
  providers: [SavedRepository, ForgetDeletedItems, { provide: SAVED_MARKS, useExisting: SavedRepository }],
  exports: [SavedRepository, SAVED_MARKS],
})
export class SavedRecordsModule {}
