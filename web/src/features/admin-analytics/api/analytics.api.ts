import type { AnalyticsRange, AdminAnalyticsReport } from '@skillers/domain';
import { adminRequest } from '../../admin/admin-request';

export const fetchAnalytics = (adminToken: string, range: AnalyticsRange): Promise<AdminAnalyticsReport> =>
  adminRequest(
    adminToken,
    'GET',
    `/api/admin/analytics?${new URLSearchParams({ from: range.from, to: range.to })}`,
  );
