import { PageLayout } from '../../components/layout/page-layout';
import { ConversationsScreen } from '../../features/chat/components/conversations-screen';

/** Visitors never get here: the account layout sends them to /login. */
export default function ConversationsRoute() {
  return (
    <PageLayout title="Conversations" lead="Your messages with project creators and skillers.">
      <ConversationsScreen />
    </PageLayout>
  );
}
