import { Text } from '@mantine/core';
import { MESSAGES } from '@pluvio/shared/messages';
import { QUOTA_MESSAGES } from '@pluvio/shared/quotas';
import { BareCard } from '../../components/bare-card';
import { ErrorMessage, InfoMessage } from '../../components/form-message';
import { failureMessage } from '../../lib/api-client';
import { oncePerKey } from '../../lib/once-per-key';
import { useTokenOutcome } from '../../lib/use-token-outcome';
import { confirmReportRecipient } from './report-recipients-api';

type Outcome = { ok: boolean; message: string };

const NO_TOKEN: Outcome = { ok: false, message: QUOTA_MESSAGES.confirmationBadToken };

/** One confirmation per token, even when React runs the effect twice. */
const confirmOnce = oncePerKey(
  (token: string): Promise<Outcome> =>
    confirmReportRecipient(token).then(
      (message): Outcome => ({ ok: true, message }),
      (error: unknown): Outcome => ({
        ok: false,
        message: failureMessage(error, QUOTA_MESSAGES.confirmationBadToken),
      }),
    ),
);

/** /confirm-report-recipient?token=: the link of a report recipient's confirmation e-mail. */
export function ConfirmRecipientPage() {
  const outcome = useTokenOutcome(confirmOnce, NO_TOKEN);

  return (
    <BareCard title="Confirm Report Recipient">
      {!outcome && <Text role="status">{MESSAGES.working}</Text>}
      {outcome?.ok && <InfoMessage>{outcome.message}</InfoMessage>}
      {outcome && !outcome.ok && <ErrorMessage>{outcome.message}</ErrorMessage>}
    </BareCard>
  );
}
