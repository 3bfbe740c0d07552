import { TitlePage } from '../../components/title-page';

export function LocationFormPage() {
  return <TitlePage title="Location" />;
}
