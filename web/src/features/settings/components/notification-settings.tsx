import {
  NOTIFICATION_DELIVERIES,
  NOTIFICATION_GROUP_LABELS,
  NOTIFICATION_SETTING_GROUPS,
  type NotificationDelivery,
  type NotificationSettings,
} from '@skillers/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Overlay } from '../../../components/ui/overlay';
import { Spinner } from '../../../components/ui/spinner';
import { useFlash } from '../../../lib/use-flash';
import { notificationSettingsQuery, saveNotificationSettings } from '../api/notification-settings.api';
import { SETTINGS_SAVED_MS } from './settings-form';

export const NOTIFICATION_SETTINGS_FAILED =
  "We couldn't save your notification settings. Please try again in a moment.";

const DELIVERY_LABELS: Record<NotificationDelivery, string> = {
  'in-app': 'In the app only',
  email: 'Email right away',
  digest: 'Daily digest email',
};

const NotificationSettingsForm = ({ initial }: { initial: NotificationSettings }) => {
  const client = useQueryClient();
  const [values, setValues] = useState(initial);
  const [savedMessage, showSaved] = useFlash(SETTINGS_SAVED_MS);
  const save = useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: ({ message, notificationSettings }) => {
      client.setQueryData(notificationSettingsQuery.queryKey, notificationSettings);
      showSaved(message);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(values);
  };
  return (
    <form onSubmit={submit} aria-label="Notification settings" className="settings-card-form">
      {save.isError && <Notice tone="error">{NOTIFICATION_SETTINGS_FAILED}</Notice>}
      <div className="form-grid">
        {NOTIFICATION_SETTING_GROUPS.map((group) => (
          <div className="field" key={group}>
            <label className="field__label" htmlFor={`notify-${group}`}>
              {NOTIFICATION_GROUP_LABELS[group]}
            </label>
            <select
              id={`notify-${group}`}
              className="field__control"
              value={values[group]}
              onChange={(event) =>
                setValues((current) => ({ ...current, [group]: event.target.value as NotificationDelivery }))
              }
            >
              {NOTIFICATION_DELIVERIES.map((delivery) => (
                <option key={delivery} value={delivery}>
                  {DELIVERY_LABELS[delivery]}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <div>
        <Button type="submit" busy={save.isPending}>
          Save notification settings
        </Button>
      </div>
      {savedMessage && <Overlay message={savedMessage} />}
    </form>
  );
};

/** Per group of notifications: in the app only, an email right away, or a daily digest. */
export const NotificationSettingsSection = () => {
  const settings = useQuery(notificationSettingsQuery);
  return (
    <section className="form-card" aria-labelledby="notification-settings-title">
      <h2 id="notification-settings-title">Notifications</h2>
      {settings.isPending && <Spinner label="Loading your notification settings..." />}
      {settings.isError && <Notice tone="error">{NOTIFICATION_SETTINGS_FAILED}</Notice>}
      {settings.isSuccess && <NotificationSettingsForm initial={settings.data} />}
    </section>
  );
};
