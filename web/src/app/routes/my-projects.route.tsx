import { PageLayout } from '../../components/layout/page-layout';
import { ComingSoon } from '../../components/ui/coming-soon';

export default function MyProjectsRoute() {
  return (
    <PageLayout title="My Projects">
      <ComingSoon what="The list of projects you created" />
    </PageLayout>
  );
}
