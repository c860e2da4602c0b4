import { PageLayout } from '../../components/layout/page-layout';
import { AnalyticsScreen } from '../../features/admin-analytics/components/analytics-screen';

/** For analysts, behind the admin token; not linked from the app's navigation. */
export default function AdminAnalyticsRoute() {
  return (
    <PageLayout
      title="Search analytics"
      lead="Zero-result searches, the similarity fallback, click-through by rank and the filters people use."
    >
      <AnalyticsScreen />
    </PageLayout>
  );
}
