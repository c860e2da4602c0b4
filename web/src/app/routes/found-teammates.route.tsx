import { PageLayout } from '../../components/layout/page-layout';
import { FoundTeammates } from '../../features/saved/components/found-teammates';

/** Visitors never get here: the account layout sends them to /login. */
export default function FoundTeammatesRoute() {
  return (
    <PageLayout title="Found Skillers">
      <FoundTeammates />
    </PageLayout>
  );
}
