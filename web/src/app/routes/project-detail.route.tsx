import { PageLayout } from '../../components/layout/page-layout';
import { ComingSoon } from '../../components/ui/coming-soon';

export default function ProjectDetailRoute() {
  return (
    <PageLayout title="Project">
      <ComingSoon what="The project page" />
    </PageLayout>
  );
}
