import { TitlePage } from '../../components/title-page';

export function AssignLocationsPage() {
  return <TitlePage title="Assign Locations" />;
}
