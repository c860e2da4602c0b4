import { PageLayout } from '../../components/layout/page-layout';
import { SavedSearchesScreen } from '../../features/saved-searches/components/saved-searches-screen';

/** Visitors never get here: the account layout sends them to /login. */
export default function SavedSearchesRoute() {
  return (
    <PageLayout title="Saved Searches">
      <SavedSearchesScreen />
    </PageLayout>
  );
}
