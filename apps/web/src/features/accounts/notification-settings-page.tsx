import { TitlePage } from '../../components/title-page';

export function NotificationSettingsPage() {
  return <TitlePage title="Notifications" />;
}
