import { Inject, Injectable } from '@nestjs/common';
import { FORM_MESSAGES, type PropositionInput, type PropositionRecord } from '@skillers/domain';
import { COLLECTIONS, newId, type RecordStore } from '@skillers/store';
import { RECORD_STORE } from '../core/tokens';

/** Stores proposed filter options for review; they join a vocabulary only once accepted. */
@Injectable()
export class PropositionService {
  constructor(@Inject(RECORD_STORE) private readonly store: RecordStore) {}

  async propose(
    userId: string,
    input: PropositionInput,
  ): Promise<{ message: string; proposition: PropositionRecord }> {
    const proposition: PropositionRecord = {
      _id: newId(),
      proposition: input.proposition,
      filterType: input.filterType,
      userId,
      createdAt: new Date().toISOString(),
    };
    await this.store.collection<PropositionRecord>(COLLECTIONS.propositions).insert(proposition);
    return { message: FORM_MESSAGES.proposalSent, proposition };
  }
}
