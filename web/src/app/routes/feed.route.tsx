import { PageLayout } from '../../components/layout/page-layout';
import { FeedScreen } from '../../features/feed/components/feed-screen';

/** Public: visitors read the feed and are asked to log in when they try to take part. */
export default function FeedRoute() {
  return (
    <PageLayout title="Feed" lead="Updates, questions and ideas from the Skillers community.">
      <FeedScreen />
    </PageLayout>
  );
}
