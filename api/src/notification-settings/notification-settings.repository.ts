import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@skillers/domain';
import { COLLECTIONS, type RecordStore } from '@skillers/store';
import { RECORD_STORE } from '../core/tokens';

type SettingsRow = NotificationSettings & { _id: string };

/** One row per user who chose, keyed by the user's id; everyone else has the defaults. */
@Injectable()
export class NotificationSettingsRepository {
  constructor(@Inject(RECORD_STORE) private readonly store: RecordStore) {}

  private get rows() {
    return this.store.collection<SettingsRow>(COLLECTIONS.notificationSettings);
  }

  async of(userId: string): Promise<NotificationSettings> {
    const row = await this.rows.findById(userId);
    if (!row) return { ...DEFAULT_NOTIFICATION_SETTINGS };
    const { _id, ...settings } = row;
    return { ...DEFAULT_NOTIFICATION_SETTINGS, ...settings };
  }

  async put(userId: string, settings: NotificationSettings): Promise<NotificationSettings> {
    await this.rows.putMany([{ ...settings, _id: userId }]);
    return settings;
  }
}
