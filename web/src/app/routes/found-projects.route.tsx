import { PageLayout } from '../../components/layout/page-layout';
import { ComingSoon } from '../../components/ui/coming-soon';

export default function FoundProjectsRoute() {
  return (
    <PageLayout title="Found Projects">
      <ComingSoon what="The list of projects you saved" />
    </PageLayout>
  );
}
