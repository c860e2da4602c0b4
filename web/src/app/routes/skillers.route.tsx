import { PageLayout } from '../../components/layout/page-layout';
import { ProfilesArea } from '../../features/profiles/components/profiles-area';

export default function SkillersRoute() {
  return (
    <PageLayout title="Skillers" lead="People and the skills they bring to projects.">
      <ProfilesArea />
    </PageLayout>
  );
}
