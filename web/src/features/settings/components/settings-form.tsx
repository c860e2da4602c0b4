import { type AccountSettings, FORM_MESSAGES, settingsSchema } from '@skillers/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Overlay } from '../../../components/ui/overlay';
import { TextField } from '../../../components/ui/text-field';
import { useFlash } from '../../../lib/use-flash';
import { useServerForm } from '../../../lib/use-server-form';
import { settingsQuery } from '../../../lib/settings-query';
import { saveSettings } from '../api/settings.api';

/** The specification keeps the confirmation on screen for 3 seconds. */
export const SETTINGS_SAVED_MS = 3000;
export const SETTINGS_SAVE_FAILED = "We couldn't save your changes. Please try again in a moment.";

const toValues = (settings: AccountSettings) => ({
  name: settings.name,
  surname: settings.surname,
  email: settings.email,
  phoneNumber: settings.phoneNumber,
});

export const SettingsForm = ({ settings }: { settings: AccountSettings }) => {
  const queryClient = useQueryClient();
  const [savedMessage, showSaved] = useFlash(SETTINGS_SAVED_MS);
  const form = useServerForm({
    fields: ['name', 'surname', 'email', 'phoneNumber'],
    initialValues: () => toValues(settings),
    schema: settingsSchema,
    send: saveSettings,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(settingsQuery.queryKey, user);
      form.setValues(toValues(user));
      showSaved(FORM_MESSAGES.settingsSaved);
    },
    failureMessage: SETTINGS_SAVE_FAILED,
  });

  return (
    <form className="form-card" onSubmit={form.submit} noValidate aria-label="Account settings">
      {form.formError && <Notice tone="error">{form.formError}</Notice>}
      <div className="form-grid">
        <TextField label="First Name" autoComplete="given-name" {...form.field('name')} />
        <TextField label="Last Name" autoComplete="family-name" {...form.field('surname')} />
        <TextField label="Mail" type="email" autoComplete="email" {...form.field('email')} />
        <TextField label="Phone Number" type="tel" autoComplete="tel" {...form.field('phoneNumber')} />
      </div>
      <div>
        <Button type="submit" busy={form.isPending}>
          Save
        </Button>
      </div>
      {savedMessage && <Overlay message={savedMessage} />}
    </form>
  );
};
