import type { Contact } from '@pluvio/shared/contacts';

/** A contact as the pickers show it: the name, and the e-mail or phone that tells namesakes apart. */
export function describeContact(contact: Contact): string {
  const reach = contact.email ?? contact.phone;
  return reach ? `${contact.name} (${reach})` : contact.name;
}
