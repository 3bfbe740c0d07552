import { Button, Stack } from '@mantine/core';
import { BILLING_MESSAGES } from '@pluvio/shared/billing';
import { useMutation } from '@tanstack/react-query';
import { failureMessage } from '../lib/api-client';
import { useAppConfig } from '../lib/app-config';
import { billingPortalUrl } from '../lib/billing-portal';
import { browserLocation } from '../lib/browser-location';
import { ErrorMessage } from './form-message';

/**
 * 'Update card': the payment provider's portal for the account. Only Stripe has one; the
 * built-in test checkout does not, so the button is not shown there (D20).
 */
export function UpdateCardButton({ clientId }: { clientId: number }) {
  const provider = useAppConfig()?.payment_provider;
  const portal = useMutation({
    mutationFn: () => billingPortalUrl(clientId),
    onSuccess: (url) => browserLocation.assign(url),
  });
  if (provider !== 'stripe') return null;
  return (
    <Stack gap="xs" align="flex-start">
      <Button
        variant="outline"
        loading={portal.isPending || portal.isSuccess}
        onClick={() => portal.mutate()}
      >
        Update card
      </Button>
      {portal.isError && (
        <ErrorMessage>{failureMessage(portal.error, BILLING_MESSAGES.portalUnavailable)}</ErrorMessage>
      )}
    </Stack>
  );
}
