import { Alert, Group, Stack, Text } from '@mantine/core';

import { BILLING_MESSAGES, paymentGraceText } from '@pluvio/shared/billing';
import { dateHasPassed } from '@pluvio/shared/calendar';
import type { UserClient } from '@pluvio/shared/users.schemas';
import { useTimeZone } from '../lib/app-config';
import { UpdateCardButton } from './update-card-button';
import { UpgradeLink } from './upgrade-link';

/**
 * After a failed renewal the account has a grace period (`payment_grace_end_date`, set by the
 * server until a payment goes through): monitoring goes on until that day, then pauses like an
 * ended trial. Says which, with the ways to pay.
 */
export function PaymentNotice({ account }: { account: UserClient }) {
  const timeZone = useTimeZone();
  const graceEnd = account.payment_grace_end_date?.slice(0, 10);
  if (!graceEnd) return null;
  // The grace end date is the last day monitoring stays on, as the server counts it.
  const inGrace = !dateHasPassed(graceEnd, timeZone);
  return (
    <Alert
      color={inGrace ? 'orange' : 'red'}
      title={inGrace ? BILLING_MESSAGES.paymentFailed : BILLING_MESSAGES.paymentGraceEnded}
      mb="md"
    >
      <Stack gap="xs">
        <Text size="sm">{paymentGraceText(graceEnd, inGrace)}</Text>
        <Group gap="md">
          <UpdateCardButton clientId={account.id} />
          <UpgradeLink clientId={account.id} size="sm">
            Pay for your plan
          </UpgradeLink>
        </Group>
      </Stack>
    </Alert>
  );
}
