import { AUTH_MESSAGES, resetPasswordSchema } from '@skillers/domain';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { useServerForm } from '../../../lib/use-server-form';
import { resetPassword } from '../api/auth.api';
import type { SignedUpState } from './sign-up-form';

/** The form behind the mailed link: `token` is the link's `?token=`. */
export const ResetPasswordForm = ({ token }: { token: string }) => {
  const navigate = useNavigate();
  const form = useServerForm({
    fields: ['password'],
    initialValues: { password: '' },
    schema: resetPasswordSchema,
    toInput: (values) => ({ token, password: values.password }),
    send: resetPassword,
    // The sign-in page greets with "Your password was changed. You can sign in now."
    onSuccess: () =>
      navigate('/login', {
        replace: true,
        state: { message: 'Your password was changed' } satisfies Partial<SignedUpState>,
      }),
  });
  const tokenError = form.errors.token;

  return (
    <form className="form-card" onSubmit={form.submit} noValidate aria-label="Choose a new password">
      {(form.formError ?? tokenError) && (
        <Notice tone="error">
          {form.formError ?? tokenError} <Link to="/forgot-password">Ask for a new link</Link>
        </Notice>
      )}
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        {...form.field('password')}
      />
      <Button type="submit" block busy={form.isPending}>
        Save the new password
      </Button>
      {!token && <p className="form-card__footer">{AUTH_MESSAGES.resetLinkInvalid}</p>}
    </form>
  );
};
