import { PageLayout } from '../../components/layout/page-layout';
import { ComingSoon } from '../../components/ui/coming-soon';

export default function ProjectsRoute() {
  return (
    <PageLayout title="Projects">
      <ComingSoon what="The project listing with filters" />
    </PageLayout>
  );
}
