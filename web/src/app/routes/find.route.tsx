import { PageLayout } from '../../components/layout/page-layout';
import { ComingSoon } from '../../components/ui/coming-soon';

export default function FindRoute() {
  return (
    <PageLayout title="Find">
      <ComingSoon what="Combined search across projects and teammates" />
    </PageLayout>
  );
}
