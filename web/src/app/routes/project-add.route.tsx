import { PageLayout } from '../../components/layout/page-layout';
import { RequireSignIn } from '../../components/layout/require-sign-in';
import { AddProjectScreen } from '../../features/projects/components/project-form-screens';

export default function ProjectAddRoute() {
  return (
    <RequireSignIn>
      <PageLayout title="Add Project" lead="Describe your project and the people it needs.">
        <AddProjectScreen />
      </PageLayout>
    </RequireSignIn>
  );
}
