import { TitlePage } from '../../components/title-page';

export function ClientsPage() {
  return <TitlePage title="Clients" />;
}
