import { type AccountSettings, FORM_MESSAGES, settingsSchema } from '@skillers/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Overlay } from '../../../components/ui/overlay';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, splitServerErrors } from '../../../lib/api-error';
import { type FieldErrors, validateForm } from '../../../lib/form-errors';
import { useFlash } from '../../../lib/use-flash';
import { saveSettings, settingsQuery } from '../api/settings.api';

/** The specification keeps the confirmation on screen for 3 seconds. */
export const SETTINGS_SAVED_MS = 3000;
export const SETTINGS_SAVE_FAILED = "We couldn't save your changes. Please try again in a moment.";

const FIELDS = ['name', 'surname', 'email', 'phoneNumber'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

const toValues = (settings: AccountSettings): Values => ({
  name: settings.name,
  surname: settings.surname,
  email: settings.email,
  phoneNumber: settings.phoneNumber,
});

export const SettingsForm = ({ settings }: { settings: AccountSettings }) => {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => toValues(settings));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [savedMessage, showSaved] = useFlash(SETTINGS_SAVED_MS);

  const save = useMutation({
    mutationFn: saveSettings,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(settingsQuery.queryKey, user);
      setValues(toValues(user));
      showSaved(FORM_MESSAGES.settingsSaved);
    },
    onError: (error) => {
      const { fieldErrors, formError: message } = splitServerErrors(error, FIELDS);
      setErrors(fieldErrors);
      const isOurFault = !(error instanceof ApiError) || !error.isClientError;
      setFormError(message && (isOurFault ? SETTINGS_SAVE_FAILED : message));
    },
  });

  const change = (field: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const result = validateForm(settingsSchema, values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    save.mutate(result.data);
  };

  return (
    <form className="form-card" onSubmit={submit} noValidate aria-label="Account settings">
      {formError && <Notice tone="error">{formError}</Notice>}
      <div className="form-grid">
        <TextField
          label="First Name"
          name="name"
          autoComplete="given-name"
          value={values.name}
          onChange={(event) => change('name', event.target.value)}
          error={errors.name}
        />
        <TextField
          label="Last Name"
          name="surname"
          autoComplete="family-name"
          value={values.surname}
          onChange={(event) => change('surname', event.target.value)}
          error={errors.surname}
        />
        <TextField
          label="Mail"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(event) => change('email', event.target.value)}
          error={errors.email}
        />
        <TextField
          label="Phone Number"
          name="phoneNumber"
          type="tel"
          autoComplete="tel"
          value={values.phoneNumber}
          onChange={(event) => change('phoneNumber', event.target.value)}
          error={errors.phoneNumber}
        />
      </div>
      <div>
        <Button type="submit" busy={save.isPending}>
          Save
        </Button>
      </div>
      {savedMessage && <Overlay message={savedMessage} />}
    </form>
  );
};
