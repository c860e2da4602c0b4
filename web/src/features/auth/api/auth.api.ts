import type { LoginInput, SignupInput } from '@skillers/domain';
import { api } from '../../../lib/api-client';

export interface LoginAnswer {
  message: string;
  token: string;
}

export const logIn = (input: LoginInput) => api.post<LoginAnswer>('/auth/login', input);

export const signUp = (input: SignupInput) => api.post<{ message: string }>('/auth/signup', input);
