import { TitlePage } from '../../components/title-page';

export function ContactFormPage() {
  return <TitlePage title="Contact" />;
}
