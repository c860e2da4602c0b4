import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AppEvents } from '../core/events/app-events.service';
import { SavedSearchesService } from './saved-searches.service';

/** A deleted account's saved searches stop matching and go, before the deletion is answered. */
@Injectable()
export class ForgetDeletedOwners implements OnModuleInit {
  constructor(
    private readonly events: AppEvents,
    private readonly searches: SavedSearchesService,
  ) {}

  onModuleInit(): void {
    this.events.subscribe('account.deleted', ({ userId }) => this.searches.deleteAllOf(userId));
  }
}
