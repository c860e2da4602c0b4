import { useParams } from 'react-router';
import { PageLayout } from '../../components/layout/page-layout';
import { RequireSignIn } from '../../components/layout/require-sign-in';
import { EditProfileScreen } from '../../features/profiles/components/profile-form-screens';

export default function TeammateEditRoute() {
  const { teammateId = '' } = useParams();
  return (
    <RequireSignIn>
      <PageLayout title="Edit Teammate">
        <EditProfileScreen key={teammateId} profileId={teammateId} />
      </PageLayout>
    </RequireSignIn>
  );
}
