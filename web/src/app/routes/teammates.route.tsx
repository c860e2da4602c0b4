import { PageLayout } from '../../components/layout/page-layout';
import { ComingSoon } from '../../components/ui/coming-soon';

export default function TeammatesRoute() {
  return (
    <PageLayout title="Teammates">
      <ComingSoon what="The teammate list with filters" />
    </PageLayout>
  );
}
