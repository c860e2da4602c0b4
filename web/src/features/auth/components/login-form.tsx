import { loginSchema } from '@skillers/domain';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { useAuth } from '../../../lib/auth';
import { useServerForm } from '../../../lib/use-server-form';
import { logIn } from '../api/auth.api';

export const LoginForm = ({ initialEmail = '' }: { initialEmail?: string }) => {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const form = useServerForm({
    fields: ['email', 'password'],
    initialValues: { email: initialEmail, password: '' },
    schema: loginSchema,
    send: logIn,
    onSuccess: ({ token }) => {
      signIn(token);
      navigate('/', { replace: true });
    },
  });

  return (
    <form className="form-card" onSubmit={form.submit} noValidate aria-label="Sign in">
      {form.formError && <Notice tone="error">{form.formError}</Notice>}
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        {...form.field('password')}
      />
      <p className="form-card__footer">
        <Link to="/forgot-password">Forgot password?</Link>
      </p>
      <Button type="submit" block busy={form.isPending}>
        Sign in
      </Button>
      <p className="form-card__footer">
        New to Skillers? <Link to="/signUp">Create an account</Link>
      </p>
    </form>
  );
};
