import { PageLayout } from '../../components/layout/page-layout';
import { SkillersArea } from '../../features/teammates/components/skillers-area';

export default function SkillersRoute() {
  return (
    <PageLayout title="Skillers" lead="People and the skills they bring to projects.">
      <SkillersArea />
    </PageLayout>
  );
}
