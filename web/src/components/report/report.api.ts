import type { ReportInput } from '@skillers/domain';
import { api } from '../../lib/api-client';

export const fileReport = (report: ReportInput) =>
  api.post<{ message: string; reportId: string }>('/reports', report);
