import type { AnalyticsRange, SearchAnalyticsReport } from '@skillers/domain';
import { adminRequest } from '../../admin/admin-request';

export const fetchAnalytics = (adminToken: string, range: AnalyticsRange): Promise<SearchAnalyticsReport> =>
  adminRequest(
    adminToken,
    'GET',
    `/api/admin/analytics?${new URLSearchParams({ from: range.from, to: range.to })}`,
  );
