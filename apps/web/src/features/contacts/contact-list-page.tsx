import { TitlePage } from '../../components/title-page';

export function ContactListPage() {
  return <TitlePage title="Contacts" />;
}
