import { signupFormSchema } from '@skillers/domain';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-error';
import { useServerForm } from '../../../lib/use-server-form';
import { signUp } from '../api/auth.api';

export interface SignedUpState {
  signedUpEmail: string;
  message: string;
}

export const SignUpForm = () => {
  const navigate = useNavigate();
  // The specification shows a taken username under the password area, not under the username.
  const [passwordAreaError, setPasswordAreaError] = useState<string | null>(null);
  const form = useServerForm({
    fields: ['username', 'email', 'password', 'confirmPassword'],
    initialValues: { username: '', email: '', password: '', confirmPassword: '' },
    schema: signupFormSchema,
    send: ({ confirmPassword: _confirmation, ...input }) => signUp(input),
    onSuccess: ({ message }, input) => {
      const state: SignedUpState = { signedUpEmail: input.email, message };
      navigate('/login', { state });
    },
    onRefused: (error) => {
      const usernameTaken = error instanceof ApiError && error.status === 409 && error.field === 'username';
      if (usernameTaken) setPasswordAreaError(error.message);
      return usernameTaken;
    },
  });

  const username = form.field('username');
  const submit = (event: FormEvent) => {
    setPasswordAreaError(null);
    form.submit(event);
  };

  return (
    <form className="form-card" onSubmit={submit} noValidate aria-label="Sign up">
      {form.formError && <Notice tone="error">{form.formError}</Notice>}
      <TextField
        label="Username"
        autoComplete="username"
        {...username}
        onChange={(event) => {
          username.onChange(event);
          setPasswordAreaError(null);
        }}
      />
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <TextField label="Password" type="password" autoComplete="new-password" {...form.field('password')} />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        {...form.field('confirmPassword')}
      />
      {passwordAreaError && (
        <p className="field__error" role="alert">
          {passwordAreaError}
        </p>
      )}
      <Button type="submit" block busy={form.isPending}>
        Sign up
      </Button>
      <p className="form-card__footer">
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </form>
  );
};
