import { TitlePage } from '../../components/title-page';

export function AssignContactsPage() {
  return <TitlePage title="Assign Contacts" />;
}
