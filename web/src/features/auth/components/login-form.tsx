import { loginSchema } from '@skillers/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { splitServerErrors } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth';
import { type FieldErrors, validateForm } from '../../../lib/form-errors';
import { logIn } from '../api/auth.api';

const FIELDS = ['email', 'password'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

export const LoginForm = ({ initialEmail = '' }: { initialEmail?: string }) => {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>({ email: initialEmail, password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const login = useMutation({
    mutationFn: logIn,
    onSuccess: ({ token }) => {
      signIn(token);
      navigate('/', { replace: true });
    },
    onError: (error) => {
      const { fieldErrors, formError: message } = splitServerErrors(error, FIELDS);
      setErrors(fieldErrors);
      setFormError(message);
    },
  });

  const change = (field: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const result = validateForm(loginSchema, values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    login.mutate(result.data);
  };

  return (
    <form className="form-card" onSubmit={submit} noValidate aria-label="Sign in">
      {formError && <Notice tone="error">{formError}</Notice>}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(event) => change('email', event.target.value)}
        error={errors.email}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={(event) => change('password', event.target.value)}
        error={errors.password}
      />
      <Button type="submit" block busy={login.isPending}>
        Sign in
      </Button>
      <p className="form-card__footer">
        New to Skillers? <Link to="/signUp">Create an account</Link>
      </p>
    </form>
  );
};
