import type { OutboxStatus } from '@pluvio/shared/outbox.schemas';

/** The colour of each outgoing message's status, in the mail viewer and the delivery log. */
export const STATUS_COLORS: Record<OutboxStatus, string> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'green',
  delivered: 'green',
  failed: 'red',
  held: 'yellow',
};

const KIND_LABELS: Record<string, string> = {
  alert: 'Alert',
  daily_report: 'Daily report',
  reset_password: 'Password reset',
  verify_email: 'E-mail check',
  contact_invite: 'Invitation',
  contact_added: 'Added as contact',
};

/** What an outgoing message is, for people: 'Daily report' for `daily_report`; an unknown kind as written. */
export function messageKindLabel(kind: string): string {
  return KIND_LABELS[kind] ?? kind;
}
