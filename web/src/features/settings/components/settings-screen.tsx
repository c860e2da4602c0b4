import { useQuery } from '@tanstack/react-query';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { settingsQuery } from '../../../lib/settings-query';
import { BlockedUsers } from './blocked-users';
import { DeleteAccount } from './delete-account';
import { DownloadData } from './download-data';
import { NotificationSettingsSection } from './notification-settings';
import './settings-screen.css';
import { SettingsForm } from './settings-form';

export const SETTINGS_LOAD_FAILED = "We couldn't load your settings right now. Please try again in a moment.";

export const SettingsScreen = () => {
  const settings = useQuery(settingsQuery);
  if (settings.isPending) return <Spinner label="Loading your settings..." />;
  if (settings.isError) return <Notice tone="error">{SETTINGS_LOAD_FAILED}</Notice>;
  return (
    <div className="settings-stack">
      <SettingsForm key={settings.data._id} settings={settings.data} />
      <NotificationSettingsSection />
      <BlockedUsers />
      <DownloadData />
      <DeleteAccount />
    </div>
  );
};
