import { PageLayout } from '../../components/layout/page-layout';
import { ComingSoon } from '../../components/ui/coming-soon';

export default function TeammateEditRoute() {
  return (
    <PageLayout title="Edit Teammate">
      <ComingSoon what="Editing your skiller profile" />
    </PageLayout>
  );
}
