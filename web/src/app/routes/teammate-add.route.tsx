import { PageLayout } from '../../components/layout/page-layout';
import { RequireSignIn } from '../../components/layout/require-sign-in';
import { AddProfileScreen } from '../../features/profiles/components/profile-form-screens';

export default function TeammateAddRoute() {
  return (
    <RequireSignIn>
      <PageLayout title="Add Teammate" lead="Create your skiller profile so project leaders can find you.">
        <AddProfileScreen />
      </PageLayout>
    </RequireSignIn>
  );
}
