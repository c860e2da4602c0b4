import { Inject, Injectable } from '@nestjs/common';
import type { InvitationAnswerRecord, InvitationRecord } from '@skillers/domain';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import { RECORD_STORE } from '../core/tokens';

const NEWEST_FIRST = [
  { field: 'createdAt', direction: 'desc' },
  { field: '_id', direction: 'desc' },
] as const;

@Injectable()
export class InvitationsRepository {
  constructor(@Inject(RECORD_STORE) private readonly store: RecordStore) {}

  private get invitations() {
    return this.store.collection<InvitationRecord>(COLLECTIONS.invitations);
  }

  private get answers() {
    return this.store.collection<InvitationAnswerRecord>(COLLECTIONS.invitationAnswers);
  }

  /** Throws DuplicateKeyError when the pair already has an invitation. */
  insert(invitation: InvitationRecord) {
    return this.invitations.insert(invitation);
  }

  findById(id: string) {
    return this.invitations.findById(id);
  }

  findByPair(pairKey: string) {
    return this.invitations.findOne({ pairKey });
  }

  receivedBy(userId: string, limit: number) {
    return this.invitations.find({ toId: userId }, { sort: NEWEST_FIRST, limit });
  }

  sentBy(userId: string, limit: number) {
    return this.invitations.find({ fromId: userId }, { sort: NEWEST_FIRST, limit });
  }

  /** The project's latest invitations sent by its owner, newest first. */
  latestInvitesFor(projectId: string, limit: number) {
    return this.invitations.find({ projectId, direction: 'invite' }, { sort: NEWEST_FIRST, limit });
  }

  /** Throws DuplicateKeyError when the invitation was answered already. */
  insertAnswer(answer: InvitationAnswerRecord) {
    return this.answers.insert(answer);
  }

  answerOf(invitationId: string) {
    return this.answers.findById(invitationId);
  }

  answersOf(invitationIds: readonly string[]) {
    return this.answers.find({ _id: { $in: invitationIds } });
  }
}
