import { RequireSignIn } from '../../components/layout/require-sign-in';
import { PageLayout } from '../../components/layout/page-layout';
import { ComingSoon } from '../../components/ui/coming-soon';

export default function SkillerAddRoute() {
  return (
    <RequireSignIn>
      <PageLayout title="Add Skiller">
        <ComingSoon what="Creating a skiller profile" />
      </PageLayout>
    </RequireSignIn>
  );
}
