import type { AnalyticsRange, SearchAnalyticsReport } from '@skillers/domain';
import { ApiError, NETWORK_ERROR_MESSAGE, toApiError } from '../../../lib/api-error';

/**
 * The analytics report, asked with the admin token rather than the signed-in user's: the shared API
 * client always sends the user's token, so this call makes its own request.
 */
export const fetchAnalytics = async (
  adminToken: string,
  range: AnalyticsRange,
): Promise<SearchAnalyticsReport> => {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  let response: Response;
  try {
    response = await fetch(`/api/admin/analytics?${query}`, {
      headers: { accept: 'application/json', authorization: `Bearer ${adminToken}` },
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw toApiError(response.status, body);
  return body as SearchAnalyticsReport;
};
