import type { ForgotPasswordInput, LoginInput, ResetPasswordInput, SignupInput } from '@skillers/domain';
import { api } from '../../../lib/api-client';

export interface LoginAnswer {
  message: string;
  token: string;
}

export const logIn = (input: LoginInput) => api.post<LoginAnswer>('/auth/login', input);

export const signUp = (input: SignupInput) => api.post<{ message: string }>('/auth/signup', input);

export const askPasswordReset = (input: ForgotPasswordInput) =>
  api.post<{ message: string }>('/auth/forgot-password', input);

export const resetPassword = (input: ResetPasswordInput) =>
  api.post<{ message: string }>('/auth/reset-password', input);
