import { changePasswordSchema } from '@skillers/domain';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { useAuth } from '../../../lib/auth';
import { useServerForm } from '../../../lib/use-server-form';
import { changePassword } from '../api/settings.api';

export const ChangePasswordForm = () => {
  const { signIn } = useAuth();
  const [changed, setChanged] = useState<string | null>(null);
  const form = useServerForm({
    fields: ['currentPassword', 'newPassword'],
    initialValues: { currentPassword: '', newPassword: '' },
    schema: changePasswordSchema,
    send: changePassword,
    onSuccess: ({ message, token }) => {
      // Every older token was just refused, this tab's too: it goes on with the fresh one.
      signIn(token);
      form.setValues({ currentPassword: '', newPassword: '' });
      setChanged(message);
    },
  });

  return (
    <form className="form-card" onSubmit={form.submit} noValidate aria-label="Change password">
      <h2>Change password</h2>
      {form.formError && <Notice tone="error">{form.formError}</Notice>}
      {changed && <Notice tone="success">{changed}</Notice>}
      <div className="form-grid">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...form.field('currentPassword')}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          {...form.field('newPassword')}
        />
      </div>
      <div>
        <Button type="submit" busy={form.isPending}>
          Change password
        </Button>
      </div>
    </form>
  );
};
