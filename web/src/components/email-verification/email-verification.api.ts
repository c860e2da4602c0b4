import type { VerifyEmailInput } from '@skillers/domain';
import { api } from '../../lib/api-client';

/** Confirms the address a mailed link was sent to; needs no session. */
export const verifyEmail = (input: VerifyEmailInput) =>
  api.post<{ message: string }>('/auth/verify-email', input);

/** Mails the signed-in user a new confirmation link; the earlier one stops working. */
export const sendVerificationMail = () => api.post<{ message: string }>('/user/verification-email');
