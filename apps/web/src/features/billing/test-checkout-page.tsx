import { Anchor, Button, Container, Flex, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  BILLING_MESSAGES,
  checkoutQuantityText,
  formatDollars,
  PRICE_UNIT,
  TEST_CHECKOUT_TEXT,
  type TestCheckout,
} from '@pluvio/shared/billing';
import { MESSAGES } from '@pluvio/shared/messages';
import { TIER, tierLabel } from '@pluvio/shared/tiers';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ErrorMessage } from '../../components/form-message';
import { ApiError, failureMessage } from '../../lib/api-client';
import { browserLocation } from '../../lib/browser-location';
import { PATHS } from '../../lib/routes';
import { finishTestCheckout, testCheckoutQuery } from './api';

function HomeLink() {
  return (
    <Anchor component={Link} to={PATHS.login}>
      Back to Pluvio
    </Anchor>
  );
}

/** What is paid for, as a hosted checkout lists it. */
function OrderSummary({ checkout }: { checkout: TestCheckout }) {
  const rows: [string, string][] = [
    ['Plan', `${tierLabel(TIER[checkout.tier])} plan`],
    ['Price', `${formatDollars(checkout.unit_amount)} ${PRICE_UNIT}`],
    ['Quantity', checkoutQuantityText(checkout.quantity)],
    ['Total', `${formatDollars(checkout.amount)} per month`],
  ];
  if (checkout.customer_email) rows.push(['Email', checkout.customer_email]);
  return (
    <Table variant="vertical" layout="fixed" withTableBorder aria-label="Order summary">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={110}>{label}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function OpenCheckout({ checkout }: { checkout: TestCheckout }) {
  const finish = useMutation({
    mutationFn: (outcome: 'pay' | 'cancel') => finishTestCheckout(checkout.id, outcome),
    onSuccess: (url) => browserLocation.assign(url),
  });
  const leaving = finish.isPending || finish.isSuccess;
  const width = { base: '100%', xs: 'auto' };
  return (
    <Stack gap="md">
      <OrderSummary checkout={checkout} />
      {finish.isError && <ErrorMessage>{failureMessage(finish.error, MESSAGES.tryAgain)}</ErrorMessage>}
      <Flex direction={{ base: 'column', xs: 'row-reverse' }} justify="flex-start" gap="sm">
        <Button
          onClick={() => finish.mutate('pay')}
          loading={leaving && finish.variables === 'pay'}
          disabled={leaving}
          w={width}
        >
          {TEST_CHECKOUT_TEXT.pay}
        </Button>
        <Button
          variant="default"
          onClick={() => finish.mutate('cancel')}
          loading={leaving && finish.variables === 'cancel'}
          disabled={leaving}
          w={width}
        >
          {TEST_CHECKOUT_TEXT.cancel}
        </Button>
      </Flex>
    </Stack>
  );
}

function CheckoutBody({ id }: { id: string }) {
  const checkout = useQuery(testCheckoutQuery(id));
  if (checkout.isPending) return <Text role="status">{MESSAGES.loading}</Text>;
  if (checkout.isError) {
    const missing = checkout.error instanceof ApiError && checkout.error.status === 404;
    return (
      <>
        <ErrorMessage>
          {missing ? BILLING_MESSAGES.checkoutNotFound : failureMessage(checkout.error, MESSAGES.tryAgain)}
        </ErrorMessage>
        <HomeLink />
      </>
    );
  }
  if (checkout.data.status !== 'open') {
    return (
      <>
        <ErrorMessage>{BILLING_MESSAGES.checkoutClosed}</ErrorMessage>
        <HomeLink />
      </>
    );
  }
  return <OpenCheckout checkout={checkout.data} />;
}

/**
 * /checkout/test/:id: the built-in test checkout (D20). It looks and behaves like a hosted
 * checkout: Pay or Cancel, then back to the address the server gave it; no card is involved.
 */
export function TestCheckoutPage() {
  const { id = '' } = useParams();
  return (
    <Container size={560} py="xl" px="md">
      <Stack gap="md">
        <Paper bg="yellow.1" p="md" radius="md" withBorder>
          <Text fw={700}>{TEST_CHECKOUT_TEXT.banner}</Text>
          <Text size="sm">{TEST_CHECKOUT_TEXT.noCharge}</Text>
        </Paper>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', xs: 'xl' }}>
          <Stack gap="md">
            <Title order={1} fz="h2">
              Pay Pluvio
            </Title>
            <CheckoutBody id={id} />
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
