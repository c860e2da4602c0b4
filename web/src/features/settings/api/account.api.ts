import type { AccountExport, DeleteAccountInput } from '@skillers/domain';
import { api } from '../../../lib/api-client';

export const EXPORT_FILE_NAME = 'skillers-data.json';

export const fetchAccountExport = () => api.get<AccountExport>('/user/export');

export const deleteAccount = (input: DeleteAccountInput) => api.delete<{ message: string }>('/user', input);
