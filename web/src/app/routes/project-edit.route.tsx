import { useParams } from 'react-router';
import { PageLayout } from '../../components/layout/page-layout';
import { RequireSignIn } from '../../components/layout/require-sign-in';
import { EditProjectScreen } from '../../features/projects/components/project-form-screens';

export default function ProjectEditRoute() {
  const { projectId = '' } = useParams();
  return (
    <RequireSignIn>
      <PageLayout title="Edit Project">
        <EditProjectScreen key={projectId} projectId={projectId} />
      </PageLayout>
    </RequireSignIn>
  );
}
