import { forgotPasswordSchema } from '@skillers/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { useServerForm } from '../../../lib/use-server-form';
import { askPasswordReset } from '../api/auth.api';

export const ForgotPasswordForm = () => {
  const [sent, setSent] = useState<string | null>(null);
  const form = useServerForm({
    fields: ['email'],
    initialValues: { email: '' },
    schema: forgotPasswordSchema,
    send: askPasswordReset,
    onSuccess: ({ message }) => setSent(message),
  });

  return (
    <form className="form-card" onSubmit={form.submit} noValidate aria-label="Forgot password">
      {form.formError && <Notice tone="error">{form.formError}</Notice>}
      {sent && <Notice tone="success">{sent}</Notice>}
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <Button type="submit" block busy={form.isPending}>
        Send me a link
      </Button>
      <p className="form-card__footer">
        Remembered it? <Link to="/login">Sign in</Link>
      </p>
    </form>
  );
};
