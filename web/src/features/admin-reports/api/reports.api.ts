import type { AdminReportList, ReportRecord, ReportStatus } from '@skillers/domain';
import { adminRequest } from '../../admin/admin-request';

export type ReportAction = 'hide' | 'restore' | 'dismiss';

export interface ResolvedReport {
  message: string;
  report: ReportRecord;
}

/** A page of the report queue, newest first; every status when none is given. */
export const fetchReports = (
  adminToken: string,
  status: ReportStatus | undefined,
  page: number,
): Promise<AdminReportList> => {
  const query = new URLSearchParams({ page: String(page) });
  if (status) query.set('status', status);
  return adminRequest(adminToken, 'GET', `/api/admin/reports?${query}`);
};

export const actOnReport = (
  adminToken: string,
  reportId: string,
  action: ReportAction,
): Promise<ResolvedReport> =>
  adminRequest(adminToken, 'POST', `/api/admin/reports/${encodeURIComponent(reportId)}/${action}`);
