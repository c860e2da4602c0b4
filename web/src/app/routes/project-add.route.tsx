import { RequireSignIn } from '../../components/layout/require-sign-in';
import { PageLayout } from '../../components/layout/page-layout';
import { ComingSoon } from '../../components/ui/coming-soon';

export default function ProjectAddRoute() {
  return (
    <RequireSignIn>
      <PageLayout title="Add Project">
        <ComingSoon what="Creating a project" />
      </PageLayout>
    </RequireSignIn>
  );
}
