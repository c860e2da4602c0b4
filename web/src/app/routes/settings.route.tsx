import { PageLayout } from '../../components/layout/page-layout';
import { SettingsScreen } from '../../features/settings/components/settings-screen';

/** Visitors never get here: the account layout sends them to /login. */
export default function SettingsRoute() {
  return (
    <PageLayout title="Settings" lead="Your name and contact details.">
      <SettingsScreen />
    </PageLayout>
  );
}
