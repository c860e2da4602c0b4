import { PageLayout } from '../../components/layout/page-layout';
import { MySkiller } from '../../features/teammates/components/my-skiller';

/** Visitors never get here: the account layout sends them to /login. */
export default function MySkillerRoute() {
  return (
    <PageLayout title="My Skills">
      <MySkiller />
    </PageLayout>
  );
}
