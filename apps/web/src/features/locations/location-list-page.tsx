import { TitlePage } from '../../components/title-page';

export function LocationListPage() {
  return <TitlePage title="Locations" />;
}
