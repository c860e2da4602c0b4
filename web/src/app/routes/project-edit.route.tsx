import { PageLayout } from '../../components/layout/page-layout';
import { ComingSoon } from '../../components/ui/coming-soon';

export default function ProjectEditRoute() {
  return (
    <PageLayout title="Edit Project">
      <ComingSoon what="Editing a project" />
    </PageLayout>
  );
}
