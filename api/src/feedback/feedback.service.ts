import { Inject, Injectable } from '@nestjs/common';
import { type FeedbackInput, type FeedbackRecord, FORM_MESSAGES } from '@skillers/domain';
import { COLLECTIONS, newId, type RecordStore } from '@skillers/store';
import { RECORD_STORE } from '../core/tokens';

@Injectable()
export class FeedbackService {
  constructor(@Inject(RECORD_STORE) private readonly store: RecordStore) {}

  async record(input: FeedbackInput, userId?: string): Promise<{ message: string }> {
    const feedback: FeedbackRecord = {
      _id: newId(),
      description: input.description,
      ...(input.email && { email: input.email.toLowerCase() }),
      ...(userId && { userId }),
      createdAt: new Date().toISOString(),
    };
    await this.store.collection<FeedbackRecord>(COLLECTIONS.feedback).insert(feedback);
    return { message: FORM_MESSAGES.feedbackThanks };
  }
}
