import type { PublicUser } from '@skillers/domain';
import { api } from '../../lib/api-client';

export const BLOCKS_QUERY_KEY = ['user', 'blocks'] as const;

export const blockedUsers = () => api.get<{ blocked: PublicUser[] }>('/user/blocks');
export const blockUser = (userId: string) => api.post<{ message: string }>(`/user/blocks/${userId}`);
export const unblockUser = (userId: string) => api.delete<{ message: string }>(`/user/blocks/${userId}`);
