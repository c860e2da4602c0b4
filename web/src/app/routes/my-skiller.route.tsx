import { PageLayout } from '../../components/layout/page-layout';
import { MyProfile } from '../../features/profiles/components/my-profile';

/** Visitors never get here: the account layout sends them to /login. */
export default function MySkillerRoute() {
  return (
    <PageLayout title="My Skills">
      <MyProfile />
    </PageLayout>
  );
}
