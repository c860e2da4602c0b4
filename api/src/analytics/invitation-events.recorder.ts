import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { AppEvents } from '../core/events/app-events.service';
import { invitationEventOf } from './invitation-event';
import { SEARCH_EVENT_SINK, type SearchEventSink } from './search-event-sink';

/**
 * Records each invitation that reached its receiver, and its answer, for the acceptance plots. Withheld
 * invitations (to a user who blocked the sender) are never answered and publish nothing, so they stay out.
 */
@Injectable()
export class InvitationEventsRecorder implements OnModuleInit {
  constructor(
    private readonly events: AppEvents,
    @Inject(SEARCH_EVENT_SINK) private readonly sink: SearchEventSink,
  ) {}

  onModuleInit(): void {
    this.events.subscribe('invitation.sent', ({ invitation }) =>
      this.sink.record(invitationEventOf(invitation, 'sent', new Date(invitation.createdAt))),
    );
    this.events.subscribe('invitation.answered', ({ invitation, status }) =>
      this.sink.record(invitationEventOf(invitation, status)),
    );
  }
}
