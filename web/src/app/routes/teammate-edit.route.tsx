import { useParams } from 'react-router';
import { PageLayout } from '../../components/layout/page-layout';
import { RequireSignIn } from '../../components/layout/require-sign-in';
import { EditTeammateScreen } from '../../features/teammates/components/teammate-form-screens';

export default function TeammateEditRoute() {
  const { teammateId = '' } = useParams();
  return (
    <RequireSignIn>
      <PageLayout title="Edit Teammate">
        <EditTeammateScreen key={teammateId} teammateId={teammateId} />
      </PageLayout>
    </RequireSignIn>
  );
}
