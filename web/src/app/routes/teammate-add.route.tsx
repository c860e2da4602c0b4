import { RequireSignIn } from '../../components/layout/require-sign-in';
import { PageLayout } from '../../components/layout/page-layout';
import { ComingSoon } from '../../components/ui/coming-soon';

export default function TeammateAddRoute() {
  return (
    <RequireSignIn>
      <PageLayout title="Add Teammate">
        <ComingSoon what="Creating a skiller profile" />
      </PageLayout>
    </RequireSignIn>
  );
}
