import { PageLayout } from '../../components/layout/page-layout';
import { TeammatesList } from '../../features/teammates/components/teammates-list';

export default function TeammatesRoute() {
  return (
    <PageLayout title="Teammates" lead="Skillers ready to join a project.">
      <TeammatesList />
    </PageLayout>
  );
}
