import { PageLayout } from '../../components/layout/page-layout';
import { ComingSoon } from '../../components/ui/coming-soon';

export default function TeammateDetailRoute() {
  return (
    <PageLayout title="Teammate">
      <ComingSoon what="The teammate profile page" />
    </PageLayout>
  );
}
