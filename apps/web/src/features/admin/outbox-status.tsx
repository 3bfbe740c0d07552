import { Badge, type BadgeProps } from '@mantine/core';
import { OUTBOX_STATUS_LABELS, type OutboxStatus } from '@pluvio/shared/outbox.schemas';

/** The colour of each outgoing message's status, in the mail viewer and the delivery log. */
const STATUS_COLORS: Record<OutboxStatus, string> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'green',
  delivered: 'green',
  failed: 'red',
  held: 'yellow',
};

/** An outgoing message's status in words ('Kept, not sent'), as written, not in capitals. */
export function StatusBadge({ status, children, ...props }: { status: OutboxStatus } & BadgeProps) {
  return (
    <Badge variant="dot" tt="none" color={STATUS_COLORS[status]} {...props}>
      {children ?? OUTBOX_STATUS_LABELS[status]}
    </Badge>
  );
}

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
