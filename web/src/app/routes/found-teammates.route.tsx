import { PageLayout } from '../../components/layout/page-layout';
import { ComingSoon } from '../../components/ui/coming-soon';

export default function FoundTeammatesRoute() {
  return (
    <PageLayout title="Found Skillers">
      <ComingSoon what="The list of teammates you saved" />
    </PageLayout>
  );
}
