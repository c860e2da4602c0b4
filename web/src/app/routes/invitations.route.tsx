import { PageLayout } from '../../components/layout/page-layout';
import { InvitationsScreen } from '../../features/invitations/components/invitations-screen';

/** Visitors never get here: the account layout sends them to /login. */
export default function InvitationsRoute() {
  return (
    <PageLayout title="Invitations">
      <InvitationsScreen />
    </PageLayout>
  );
}
