import { PageLayout } from '../../components/layout/page-layout';
import { FoundProjects } from '../../features/saved/components/found-projects';

/** Visitors never get here: the account layout sends them to /login. */
export default function FoundProjectsRoute() {
  return (
    <PageLayout title="Found Projects">
      <FoundProjects />
    </PageLayout>
  );
}
