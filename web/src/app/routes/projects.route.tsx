import { PageLayout } from '../../components/layout/page-layout';
import { ProjectsListing } from '../../features/projects/components/projects-listing';

export default function ProjectsRoute() {
  return (
    <PageLayout title="Projects" lead="Projects looking for people, and people looking for projects.">
      <ProjectsListing />
    </PageLayout>
  );
}
