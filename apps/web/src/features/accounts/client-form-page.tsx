import { TitlePage } from '../../components/title-page';

export function ClientFormPage() {
  return <TitlePage title="Account" />;
}
