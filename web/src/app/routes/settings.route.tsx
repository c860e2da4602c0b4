import { PageLayout } from '../../components/layout/page-layout';
import { ChangePasswordForm } from '../../features/settings/components/change-password-form';
import { SettingsScreen } from '../../features/settings/components/settings-screen';

/** Visitors never get here: the account layout sends them to /login. */
export default function SettingsRoute() {
  return (
    <PageLayout title="Settings" lead="Your name and contact details.">
      <SettingsScreen />
      <ChangePasswordForm />
    </PageLayout>
  );
}
