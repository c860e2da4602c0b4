import { Inject, Injectable, NotFoundException, type OnModuleInit } from '@nestjs/common';
import { HIDDEN_MATCH_MESSAGES, type HiddenMatchRecord } from '@skillers/domain';
import { COLLECTIONS, DuplicateKeyError, newId, type RecordStore } from '@skillers/store';
import { AppEvents } from '../core/events/app-events.service';
import { RECORD_STORE } from '../core/tokens';
import { ProfileRepository } from '../profiles/profile.repository';
import { ProjectRepository } from '../projects/project.repository';

/** "Not interested": records a user hid never come back among their matches. */
@Injectable()
export class HiddenMatches implements OnModuleInit {
  constructor(
    @Inject(RECORD_STORE) private readonly store: RecordStore,
    private readonly projects: ProjectRepository,
    private readonly profiles: ProfileRepository,
    private readonly events: AppEvents,
  ) {}

  onModuleInit(): void {
    this.events.subscribe('account.deleted', ({ userId }) => this.rows.deleteMany({ userId }));
  }

  private get rows() {
    return this.store.collection<HiddenMatchRecord>(COLLECTIONS.hiddenMatches);
  }

  /** Hiding twice keeps one row and answers alike. */
  async hide(userId: string, recordId: string): Promise<{ message: string }> {
    const [project, profile] = await Promise.all([
      this.projects.findById(recordId),
      this.profiles.findById(recordId),
    ]);
    if (!project && !profile) throw new NotFoundException(HIDDEN_MATCH_MESSAGES.notFound);
    try {
      await this.rows.insert({ _id: newId(), userId, recordId, hiddenAt: new Date().toISOString() });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
    return { message: HIDDEN_MATCH_MESSAGES.hidden };
  }

  async idsOf(userId: string): Promise<Set<string>> {
    return new Set((await this.rows.find({ userId })).map((row) => row.recordId));
  }
}
