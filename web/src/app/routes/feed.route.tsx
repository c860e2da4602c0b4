import { PageLayout } from '../../components/layout/page-layout';
import { ComingSoon } from '../../components/ui/coming-soon';

export default function FeedRoute() {
  return (
    <PageLayout title="Feed">
      <ComingSoon what="The community feed" />
    </PageLayout>
  );
}
