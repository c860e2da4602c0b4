import { PageLayout } from '../../components/layout/page-layout';
import { ComingSoon } from '../../components/ui/coming-soon';

export default function ConversationsRoute() {
  return (
    <PageLayout title="Conversations">
      <ComingSoon what="Messaging" />
    </PageLayout>
  );
}
