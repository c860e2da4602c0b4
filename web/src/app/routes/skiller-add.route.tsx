import { PageLayout } from '../../components/layout/page-layout';
import { RequireSignIn } from '../../components/layout/require-sign-in';
import { AddProfileScreen } from '../../features/profiles/components/profile-form-screens';

/** The skiller area's way to the same profile form as /teammates/add. */
export default function SkillerAddRoute() {
  return (
    <RequireSignIn>
      <PageLayout title="Add Skiller" lead="Create your skiller profile so project leaders can find you.">
        <AddProfileScreen />
      </PageLayout>
    </RequireSignIn>
  );
}
