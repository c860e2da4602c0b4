import { deleteAccountSchema } from '@skillers/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { useAuth } from '../../../lib/auth';
import { useServerForm } from '../../../lib/use-server-form';
import { deleteAccount } from '../api/account.api';

export const DELETE_FAILED = "We couldn't delete your account right now. Please try again in a moment.";

/** Asks for the password again, then deletes the account, signs out and goes home. */
const DeleteAccountForm = ({ onCancel }: { onCancel(): void }) => {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useServerForm({
    fields: ['password'],
    initialValues: { password: '' },
    schema: deleteAccountSchema,
    send: deleteAccount,
    onSuccess: () => {
      // Leave the account screens first, so they do not send the now signed-out visitor to /login.
      void Promise.resolve(navigate('/', { replace: true, flushSync: true })).then(() => {
        signOut();
        queryClient.clear();
      });
    },
    failureMessage: DELETE_FAILED,
  });
  return (
    <form
      onSubmit={form.submit}
      noValidate
      aria-label="Confirm account deletion"
      className="settings-card-form"
    >
      {form.formError && <Notice tone="error">{form.formError}</Notice>}
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        autoFocus
        {...form.field('password')}
      />
      <div className="settings-card-form__actions">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" busy={form.isPending}>
          Delete my account for good
        </Button>
      </div>
    </form>
  );
};

export const DeleteAccount = () => {
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="form-card" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title">Delete my account</h2>
      <p>
        Your profile and projects leave search, and your posts, comments, likes, saved items and searches are
        removed. Messages you sent stay with the people you wrote to, from a deleted user. This cannot be
        undone.
      </p>
      {confirming ? (
        <DeleteAccountForm onCancel={() => setConfirming(false)} />
      ) : (
        <div>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Delete my account
          </Button>
        </div>
      )}
    </section>
  );
};
