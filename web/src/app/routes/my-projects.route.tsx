import { PageLayout } from '../../components/layout/page-layout';
import { MyProjects } from '../../features/projects/components/my-projects';

/** Visitors never get here: the account layout sends them to /login. */
export default function MyProjectsRoute() {
  return (
    <PageLayout title="My Projects">
      <MyProjects />
    </PageLayout>
  );
}
