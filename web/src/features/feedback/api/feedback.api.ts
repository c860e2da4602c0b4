import type { FeedbackInput } from '@skillers/domain';
import { api } from '../../../lib/api-client';

export const sendFeedback = (input: FeedbackInput) => api.post<{ message: string }>('/feedback', input);
