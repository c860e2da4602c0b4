import { PageLayout } from '../../components/layout/page-layout';
import { ComingSoon } from '../../components/ui/coming-soon';

export default function SkillersRoute() {
  return (
    <PageLayout title="Skillers">
      <ComingSoon what="The skiller area" />
    </PageLayout>
  );
}
