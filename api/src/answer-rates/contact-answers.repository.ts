import { Inject, Injectable } from '@nestjs/common';
import type { ContactAnswerRecord } from '@skillers/domain';
import { COLLECTIONS, DuplicateKeyError, newId, type RecordStore } from '@skillers/store';
import { RECORD_STORE } from '../core/tokens';

/** SQLite takes a few hundred bound values in one `$in` comfortably; larger sets are read in parts. */
const IDS_PER_READ = 500;

@Injectable()
export class ContactAnswersRepository {
  constructor(@Inject(RECORD_STORE) private readonly store: RecordStore) {}

  private get rows() {
    return this.store.collection<ContactAnswerRecord>(COLLECTIONS.contactAnswers);
  }

  ofConversation(conversationId: string) {
    return this.rows.find({ conversationId });
  }

  /** The conversation's first contact, once: a second one racing it is a duplicate and is dropped. */
  async received(userId: string, conversationId: string, receivedAt: string): Promise<void> {
    try {
      await this.rows.insert({ _id: newId(), userId, conversationId, receivedAt });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
  }

  async answered(row: ContactAnswerRecord, answeredAt: string): Promise<void> {
    await this.rows.update(row._id, { answeredAt });
  }

  forget(userId: string) {
    return this.rows.deleteMany({ userId });
  }

  async ofUsers(userIds: readonly string[]): Promise<ContactAnswerRecord[]> {
    const parts: ContactAnswerRecord[][] = [];
    for (let at = 0; at < userIds.length; at += IDS_PER_READ) {
      parts.push(await this.rows.find({ userId: { $in: userIds.slice(at, at + IDS_PER_READ) } }));
    }
    return parts.flat();
  }
}
