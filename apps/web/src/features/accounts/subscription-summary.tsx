import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  billDate,
  checkoutQuantityText,
  formatDollars,
  PRICE_UNIT,
  planLabel,
  SUBSCRIPTION_TEXT,
  type Subscription,
} from '@pluvio/shared/billing';
import { shiftDate } from '@pluvio/shared/calendar';
import { CLIENT_MESSAGES } from '@pluvio/shared/clients';
import { MESSAGES } from '@pluvio/shared/messages';
import { TIER, tierLabel } from '@pluvio/shared/tiers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorMessage } from '../../components/form-message';
import { UpdateCardButton } from '../../components/update-card-button';
import { UpgradeLink } from '../../components/upgrade-link';
import { failureMessage } from '../../lib/api-client';
import { changeSubscription, subscriptionKey, subscriptionQuery } from '../../lib/subscription-api';
import { SettingsSection } from './settings-section';

/** One number of the subscription: its label, the value, and a dimmed line that explains it. */
function Figure({ label, value, detail }: { label: string; value: string; detail?: string | null }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} fz="lg">
        {value}
      </Text>
      {detail && (
        <Text size="sm" c="dimmed">
          {detail}
        </Text>
      )}
    </div>
  );
}

/** How the account pays, in words, with the card portal where the provider is Stripe. */
function PaymentNote({ subscription }: { subscription: Subscription }) {
  switch (subscription.payment_method) {
    case 'card':
      return (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{SUBSCRIPTION_TEXT.card}</Text>
          <UpdateCardButton clientId={subscription.client_id} />
        </Stack>
      );
    case 'test_checkout':
      return <Text size="sm">{SUBSCRIPTION_TEXT.noCard}</Text>;
    case 'invoice':
      return <Text size="sm">{SUBSCRIPTION_TEXT.invoice}</Text>;
    case 'none':
      return (
        <Text size="sm">
          {subscription.is_trial_account
            ? SUBSCRIPTION_TEXT.trial(subscription.trial_end_date)
            : SUBSCRIPTION_TEXT.nothingDue}
        </Text>
      );
  }
}

function SubscriptionFigures({ subscription }: { subscription: Subscription }) {
  const { locations_count: count, blocks, next_bill: next } = subscription;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <Figure
        label="Plan"
        value={tierLabel(TIER[subscription.tier])}
        detail={subscription.is_trial_account ? planLabel(subscription) : null}
      />
      <Figure
        label="Locations"
        value={count === 1 ? '1 location' : `${count} locations`}
        detail={`Billed as ${checkoutQuantityText(blocks)}`}
      />
      <Figure
        label="Monthly price"
        value={formatDollars(subscription.monthly_amount)}
        detail={`${formatDollars(subscription.unit_amount)} ${PRICE_UNIT}`}
      />
      <Figure
        label="Next bill"
        value={next ? formatDollars(next.amount) : 'None'}
        detail={next ? `on ${billDate(next.date)}` : null}
      />
    </SimpleGrid>
  );
}

/**
 * Cancel at the end of the paid period, after a modal that says what happens and when; a
 * cancelled subscription says when it ends and can be kept until then.
 */
function Cancellation({ subscription }: { subscription: Subscription }) {
  const queryClient = useQueryClient();
  const [opened, { open, close }] = useDisclosure(false);
  const change = useMutation({
    mutationFn: (action: 'cancel' | 'resume') => changeSubscription(subscription.client_id, action),
    onSuccess: (updated) => {
      queryClient.setQueryData(subscriptionKey(subscription.client_id), updated);
      close();
    },
  });
  const lastDay = lastPaidDay(subscription);
  const failure = change.isError && (
    <ErrorMessage>{failureMessage(change.error, MESSAGES.tryAgain)}</ErrorMessage>
  );
  if (subscription.ends_on) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{SUBSCRIPTION_TEXT.ends(billDate(subscription.ends_on))}</Text>
        <Button variant="outline" loading={change.isPending} onClick={() => change.mutate('resume')}>
          {SUBSCRIPTION_TEXT.keep}
        </Button>
        {failure}
      </Stack>
    );
  }
  if (!subscription.can_cancel || !lastDay) return null;
  return (
    <>
      <Button variant="outline" color="red.9" onClick={open} w="fit-content">
        {SUBSCRIPTION_TEXT.cancel}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={SUBSCRIPTION_TEXT.cancelTitle}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        <Stack>
          <Text>{SUBSCRIPTION_TEXT.cancelWhat(lastDay)}</Text>
          <Text size="sm" c="dimmed">
            {SUBSCRIPTION_TEXT.cancelUntil(lastDay)}
          </Text>
          {failure}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {SUBSCRIPTION_TEXT.keep}
            </Button>
            <Button color="red.9" loading={change.isPending} onClick={() => change.mutate('cancel')}>
              {SUBSCRIPTION_TEXT.cancel}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** The last day a renewing subscription has paid for: the day before its next bill. */
function lastPaidDay(subscription: Subscription): string | null {
  return subscription.next_bill ? billDate(shiftDate(subscription.next_bill.date, -1)) : null;
}

/** My Subscription's plan, price, locations, next bill and how it is paid (issue 26). */
export function SubscriptionSummary({ clientId }: { clientId: number }) {
  const subscription = useQuery(subscriptionQuery(clientId));
  return (
    <SettingsSection id="subscription-summary" title={SUBSCRIPTION_TEXT.title}>
      {subscription.isError && <ErrorMessage>{MESSAGES.tryAgain}</ErrorMessage>}
      {subscription.isPending && <Text role="status">{MESSAGES.loading}</Text>}
      {subscription.data && (
        <>
          <SubscriptionFigures subscription={subscription.data} />
          <PaymentNote subscription={subscription.data} />
          <Cancellation subscription={subscription.data} />
        </>
      )}
      <UpgradeLink size="sm">{CLIENT_MESSAGES.subscriptionViaUpgrade}</UpgradeLink>
    </SettingsSection>
  );
}
