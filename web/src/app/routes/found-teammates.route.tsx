import { PageLayout } from '../../components/layout/page-layout';
import { FoundProfiles } from '../../features/saved/components/found-profiles';

/** Visitors never get here: the account layout sends them to /login. */
export default function FoundTeammatesRoute() {
  return (
    <PageLayout title="Found Skillers">
      <FoundProfiles />
    </PageLayout>
  );
}
