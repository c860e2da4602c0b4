import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { type AnswerRate, answerRateOf, type ChatMessage, type ContactAnswerRecord } from '@skillers/domain';
import { AppEvents } from '../core/events/app-events.service';
import { ContactAnswersRepository } from './contact-answers.repository';

/**
 * Who answers (docs/matching.md). Each conversation's first contact, a first message or an invitation, is
 * recorded for its receiver, and the receiver's first reply, accept or decline answers it. The rates are
 * worked out from those records when asked.
 */
@Injectable()
export class AnswerRatesService implements OnModuleInit {
  private readonly logger = new Logger(AnswerRatesService.name);

  constructor(
    private readonly contacts: ContactAnswersRepository,
    private readonly events: AppEvents,
  ) {}

  onModuleInit(): void {
    this.events.subscribe('message.sent', ({ message, recipientId }) =>
      this.quietly(() => this.onMessage(message, recipientId)),
    );
    this.events.subscribe('invitation.sent', ({ invitation }) =>
      this.quietly(() =>
        this.contacts.received(invitation.toId, invitation.conversationId, invitation.createdAt),
      ),
    );
    // What a deleted account owed no longer says anything about anyone.
    this.events.subscribe('account.deleted', ({ userId }) => this.contacts.forget(userId));
    this.events.subscribe('invitation.answered', ({ invitation }) =>
      this.quietly(() => this.answer(invitation.conversationId, invitation.toId, new Date().toISOString())),
    );
  }

  /** The rates of those users who have one (ANSWER_RATE_MIN_CONTACTS or more contacts). */
  async ratesOf(userIds: readonly string[], now = new Date()): Promise<Map<string, AnswerRate>> {
    const byUser = new Map<string, { receivedAt: string; answeredAt?: string }[]>();
    for (const row of await this.contacts.ofUsers(userIds)) {
      byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
    }
    const rates = new Map<string, AnswerRate>();
    for (const [userId, rows] of byUser) {
      const rate = answerRateOf(rows, now);
      if (rate) rates.set(userId, rate);
    }
    return rates;
  }

  /** A message that starts a conversation is a contact for its recipient; a sender's first reply answers one. */
  private async onMessage(message: ChatMessage, recipientId: string): Promise<void> {
    const rows = await this.contacts.ofConversation(message.conversationId);
    if (rows.length === 0) {
      await this.contacts.received(recipientId, message.conversationId, message.date);
      return;
    }
    await this.answer(message.conversationId, message.senderId, message.date, rows);
  }

  private async answer(
    conversationId: string,
    userId: string,
    at: string,
    rows?: ContactAnswerRecord[],
  ): Promise<void> {
    const known = rows ?? (await this.contacts.ofConversation(conversationId));
    const open = known.find((row) => row.userId === userId && row.answeredAt === undefined);
    if (open) await this.contacts.answered(open, at);
  }

  /** A statistic never fails the message or invitation it follows: its failure is logged. */
  private async quietly(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.logger.warn(`Could not record an answer rate: ${(error as Error).message}`);
    }
  }
}
