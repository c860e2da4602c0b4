import { PageLayout } from '../../components/layout/page-layout';
import { ComingSoon } from '../../components/ui/coming-soon';

export default function MySkillerRoute() {
  return (
    <PageLayout title="My Skills">
      <ComingSoon what="Your skiller profile" />
    </PageLayout>
  );
}
