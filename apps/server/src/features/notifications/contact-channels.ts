import type { ContactFlag, ContactNotificationType } from '@pluvio/shared/contacts';
import { toE164 } from '@pluvio/shared/phone';

/** A contact as the rule reads it (spec part 2 §3): its status, addresses, master switches and per-type flags. */
export interface NotifiableContact {
  status: string;
  email: string | null;
  phone: string | null;
  emailNotification: boolean;
  smsNotification: boolean;
  flags: Partial<Record<ContactFlag, boolean>>;
}

export interface Channel {
  channel: 'email' | 'sms';
  address: string;
}

/** Something to tell contacts: the type whose flags ask for it, and whether it repeats an event already told. */
export interface Notice {
  type: Exclude<ContactNotificationType, 'atlas14_first_on'>;
  /** A later, larger Atlas 14 recurrence interval of the same event. */
  repeat: boolean;
}

/** An active contact's channels whose master switch is on and that `asks` (by the flag's suffix) for the notice. */
function channelsAsking(contact: NotifiableContact, asks: (suffix: '' | '_sms') => boolean): Channel[] {
  if (contact.status !== 'active') return [];
  const channels: Channel[] = [];
  if (contact.email && contact.emailNotification && asks('')) {
    channels.push({ channel: 'email', address: contact.email });
  }
  const phone = contact.smsNotification && asks('_sms') ? toE164(contact.phone) : null;
  if (phone) channels.push({ channel: 'sms', address: phone });
  return channels;
}

/**
 * The one rule of who hears of a notice and how: an active contact, by e-mail when it has an
 * address and both `email_notification` and the type's flag are on, by SMS when it has a usable
 * number (addressed in E.164) and both `sms_notification` and the type's `_sms` flag are on. A
 * contact with `atlas14_first_on` (or its `_sms` twin) hears of an Atlas 14 event once, not of
 * its repeats, on that channel.
 */
export function contactChannels(contact: NotifiableContact, notice: Notice): Channel[] {
  const firstOnly = notice.type.startsWith('atlas14') && notice.repeat;
  return channelsAsking(
    contact,
    (suffix) =>
      contact.flags[`${notice.type}${suffix}`] === true &&
      !(firstOnly && contact.flags[`atlas14_first_on${suffix}`] === true),
  );
}

/**
 * A storm's inspection is the permit's, not a choice of notices: an active contact assigned to
 * the location hears of it on every channel whose master switch (`email_notification`,
 * `sms_notification`) is on.
 */
export function inspectionChannels(contact: NotifiableContact): Channel[] {
  return channelsAsking(contact, () => true);
}
