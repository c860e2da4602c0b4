import { signupFormSchema } from '@skillers/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, splitServerErrors } from '../../../lib/api-error';
import { type FieldErrors, validateForm } from '../../../lib/form-errors';
import { signUp } from '../api/auth.api';

const FIELDS = ['username', 'email', 'password', 'confirmPassword'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

export interface SignedUpState {
  signedUpEmail: string;
  message: string;
}

export const SignUpForm = () => {
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>({
    username: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  // The specification shows a taken username under the password area, not under the username.
  const [passwordAreaError, setPasswordAreaError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const register = useMutation({
    mutationFn: signUp,
    onSuccess: ({ message }, input) => {
      const state: SignedUpState = { signedUpEmail: input.email, message };
      navigate('/login', { state });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409 && error.field === 'username') {
        setPasswordAreaError(error.message);
        return;
      }
      const { fieldErrors, formError: message } = splitServerErrors(error, FIELDS);
      setErrors(fieldErrors);
      setFormError(message);
    },
  });

  const change = (field: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (field === 'username') setPasswordAreaError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setPasswordAreaError(null);
    const result = validateForm(signupFormSchema, values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    const { confirmPassword: _confirmation, ...input } = result.data;
    register.mutate(input);
  };

  return (
    <form className="form-card" onSubmit={submit} noValidate aria-label="Sign up">
      {formError && <Notice tone="error">{formError}</Notice>}
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        value={values.username}
        onChange={(event) => change('username', event.target.value)}
        error={errors.username}
      />
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
        autoComplete="new-password"
        value={values.password}
        onChange={(event) => change('password', event.target.value)}
        error={errors.password}
      />
      <TextField
        label="Confirm password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={(event) => change('confirmPassword', event.target.value)}
        error={errors.confirmPassword}
      />
      {passwordAreaError && (
        <p className="field__error" role="alert">
          {passwordAreaError}
        </p>
      )}
      <Button type="submit" block busy={register.isPending}>
        Sign up
      </Button>
      <p className="form-card__footer">
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </form>
  );
};
