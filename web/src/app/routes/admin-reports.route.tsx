import { PageLayout } from '../../components/layout/page-layout';
import { ReportsScreen } from '../../features/admin-reports/components/reports-screen';

/** For moderators, behind the admin token; not linked from the app's navigation. */
export default function AdminReportsRoute() {
  return (
    <PageLayout
      title="Reports"
      lead="What users reported: hide an item, put a hidden one back, or dismiss a report."
    >
      <ReportsScreen />
    </PageLayout>
  );
}
