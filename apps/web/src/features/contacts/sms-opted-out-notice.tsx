import { Alert, Text } from '@mantine/core';
import { smsOptedOutNotice } from '@pluvio/shared/sms-consent';
import { useTimeZone } from '../../lib/app-config';

/** The day a phone replied STOP, as the product time zone (D2) writes it: "Nov 21, 2026". */
export function optedOutDay(at: string, timeZone: string): string {
  return new Date(at).toLocaleDateString('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

/**
 * Beside a contact's SMS switches once their phone replied STOP: no text reaches them, whatever
 * the switches say, until they reply START (issue 29 point 4).
 */
export function SmsOptedOutNotice({ at, compact = false }: { at: string | null; compact?: boolean }) {
  const timeZone = useTimeZone();
  if (!at) return null;
  const notice = smsOptedOutNotice(optedOutDay(at, timeZone));
  if (compact) {
    return (
      <Text size="xs" fw={500}>
        {notice}
      </Text>
    );
  }
  return (
    <Alert color="orange" p="xs">
      <Text size="sm">{notice}</Text>
    </Alert>
  );
}
