import { Anchor, Badge, Button, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import {
  BILLING_MESSAGES,
  type CheckoutOutcome,
  changesPlanInPlace,
  changeToText,
  PLAN_ORDER,
  planChangeConfirmation,
  planLabel,
  planOffer,
  RENEWAL_TEXT,
  SUBSCRIPTION_TEXT,
} from '@pluvio/shared/billing';
import { MESSAGES } from '@pluvio/shared/messages';
import { safeReturnPath } from '@pluvio/shared/return-path';
import type { TierName } from '@pluvio/shared/tiers';
import type { UserClient } from '@pluvio/shared/users.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { askToConfirm } from '../../components/confirm-dialog';
import { ErrorMessage, InfoMessage } from '../../components/form-message';
import { Logo } from '../../components/logo';
import { PlanCards } from '../../components/plan-cards';
import { failureMessage } from '../../lib/api-client';
import { useTimeZone } from '../../lib/app-config';
import { browserLocation } from '../../lib/browser-location';
import { refreshCurrentUser } from '../../lib/current-user';
import { DELAYS } from '../../lib/delay';
import { PATHS, paidSignupPath } from '../../lib/routes';
import { useCurrentUser } from '../../lib/session';
import { changePlan, subscriptionQuery } from '../../lib/subscription-api';
import { confirmCheckout, startCheckout } from './api';

const arrivalSchema = z.object({ from: z.string() });

/** A path of this site other than this page (which would go in circles), or null. */
function returnPath(value: string | null | undefined): string | null {
  const path = safeReturnPath(value);
  return path && !path.startsWith(PATHS.upgrade) ? path : null;
}

/** 'Not Now' returns to the referring page, the `ref` query value, or /client-form (spec part 2 §2). */
function useNotNowTarget(): string {
  const { state } = useLocation();
  const [params] = useSearchParams();
  const from = arrivalSchema.safeParse(state).data?.from;
  return returnPath(from) ?? returnPath(params.get('ref')) ?? PATHS.clientForm;
}

/** The account the page is for: `?client_id=` or the active one; null when nothing can be chosen. */
function useChosenAccount(clientId: number | null): { id: number; account: UserClient | null } | null {
  const user = useCurrentUser();
  if (!user) return null;
  if (clientId !== null)
    return { id: clientId, account: user.clients.find((c) => c.id === clientId) ?? null };
  const active = user.clients[0];
  return active ? { id: active.id, account: active } : null;
}

function UpgradeFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size="lg" py="xl" px="md">
      <Stack gap="lg">
        <Anchor component={Link} to={PATHS.login} aria-label="Pluvio home" underline="never" w="fit-content">
          <Logo />
        </Anchor>
        <Title order={1}>{title}</Title>
        {children}
      </Stack>
    </Container>
  );
}

/** The account's plan on its card: 'Current plan', and for a trial when it ends. */
function CurrentPlanMark({ account }: { account: UserClient }) {
  return (
    <Stack gap={4} align="center">
      <Badge size="lg" variant="filled" color="teal.9" fullWidth>
        {BILLING_MESSAGES.currentPlan}
      </Badge>
      {account.is_trial_account && (
        <Text size="sm" c="dimmed">
          {planLabel(account)}
        </Text>
      )}
    </Stack>
  );
}

/**
 * A paying account's running subscription when its plan changes in place (the test checkout):
 * asked first with the new price, changed at once, then the session's copy of the account is
 * refreshed. Null otherwise: the plan goes through checkout.
 */
function usePlanChange(account: UserClient | null, owns: boolean) {
  const queryClient = useQueryClient();
  const timeZone = useTimeZone();
  const paying = Boolean(account && owns && account.account_type === 'paid' && !account.is_trial_account);
  const subscription = useQuery({ ...subscriptionQuery(account?.id ?? 0), enabled: paying });
  const change = useMutation({
    mutationFn: ({ id, tier }: { id: number; tier: TierName }) => changePlan(id, tier),
    onSuccess: async () => {
      await refreshCurrentUser().catch((error: unknown) => console.warn('Reading the user failed', error));
      await queryClient.invalidateQueries();
    },
  });
  const running =
    subscription.data && changesPlanInPlace(subscription.data, timeZone) ? subscription.data : null;
  if (!account || !running) return null;
  return {
    change,
    async choose(tier: TierName) {
      if (await askToConfirm(planChangeConfirmation(account.account_name, running, tier))) {
        change.mutate({ id: account.id, tier });
      }
    },
  };
}

/** The three cards, each with the way to that plan for this visitor (`planOffer`). */
function Pricing({ clientId }: { clientId: number | null }) {
  const user = useCurrentUser();
  const chosen = useChosenAccount(clientId);
  const notNow = useNotNowTarget();
  const checkout = useMutation({
    mutationFn: ({ id, tier }: { id: number; tier: TierName }) => startCheckout(id, tier),
    onSuccess: (url) => browserLocation.assign(url),
  });
  const ownsAccount = chosen?.account?.membership !== 'contact';
  const planChange = usePlanChange(chosen?.account ?? null, ownsAccount);
  const leaving = checkout.isPending || checkout.isSuccess;
  const busy = leaving || Boolean(planChange?.change.isPending);
  const pendingTier =
    checkout.isPending || checkout.isSuccess ? checkout.variables?.tier : planChange?.change.variables?.tier;

  const action = (tier: TierName): ReactNode => {
    if (!user) {
      return (
        <Button component={Link} to={paidSignupPath(tier)} fullWidth>
          {BILLING_MESSAGES.upgrade}
        </Button>
      );
    }
    if (!chosen || !ownsAccount) return null;
    const offer = chosen.account
      ? planOffer(chosen.account, tier)
      : { current: false, action: 'upgrade' as const };
    return (
      <Stack gap="xs">
        {offer.current && chosen.account && <CurrentPlanMark account={chosen.account} />}
        {offer.action && (
          <Button
            fullWidth
            variant={offer.action === 'upgrade' ? 'filled' : 'default'}
            onClick={() => (planChange ? planChange.choose(tier) : checkout.mutate({ id: chosen.id, tier }))}
            loading={busy && pendingTier === tier}
            disabled={busy}
          >
            {offer.action === 'upgrade' ? BILLING_MESSAGES.upgrade : changeToText(tier)}
          </Button>
        )}
      </Stack>
    );
  };

  return (
    <Stack gap="lg">
      {user && chosen && !ownsAccount && <Text>{BILLING_MESSAGES.ownersOnly}</Text>}
      {checkout.isError && (
        <ErrorMessage>{failureMessage(checkout.error, BILLING_MESSAGES.checkoutFailed)}</ErrorMessage>
      )}
      {planChange?.change.isError && (
        <ErrorMessage>{failureMessage(planChange.change.error, MESSAGES.tryAgain)}</ErrorMessage>
      )}
      {planChange?.change.isSuccess && (
        <InfoMessage>{SUBSCRIPTION_TEXT.planChanged(planChange.change.data.tier)}</InfoMessage>
      )}
      <PlanCards
        tiers={PLAN_ORDER}
        action={action}
        selected={ownsAccount ? (chosen?.account?.tier ?? null) : null}
      />
      <List spacing={4} size="sm" aria-label="Renewals">
        {RENEWAL_TEXT.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      <Group>
        <Anchor component={Link} to={notNow}>
          {BILLING_MESSAGES.notNow}
        </Anchor>
      </Group>
    </Stack>
  );
}

type Confirmation =
  | { state: 'working' }
  | { state: 'done'; outcome: CheckoutOutcome }
  | { state: 'failed'; message: string };

/** Back from the checkout: confirm once, refresh what the session knows of the account. */
function useConfirmation(sessionId: string): Confirmation {
  const queryClient = useQueryClient();
  const [confirmation, setConfirmation] = useState<Confirmation>({ state: 'working' });
  useEffect(() => {
    let live = true;
    confirmCheckout(sessionId).then(
      async (outcome) => {
        if (outcome.paid) {
          // The tier, trial and countdown of the stored user, and every cached list, change with the plan.
          await refreshCurrentUser().catch((error: unknown) =>
            console.warn('Reading the user failed', error),
          );
          await queryClient.invalidateQueries();
        }
        if (live) setConfirmation({ state: 'done', outcome });
      },
      (error: unknown) => {
        if (live) setConfirmation({ state: 'failed', message: failureMessage(error, MESSAGES.tryAgain) });
      },
    );
    return () => {
      live = false;
    };
  }, [sessionId, queryClient]);
  return confirmation;
}

function CheckoutConfirmation({ sessionId, clientId }: { sessionId: string; clientId: number | null }) {
  const navigate = useNavigate();
  const confirmation = useConfirmation(sessionId);
  const paid = confirmation.state === 'done' && confirmation.outcome.paid;

  useEffect(() => {
    if (!paid) return;
    const timer = setTimeout(() => navigate(PATHS.dashboard), DELAYS.upgradeRedirect);
    return () => clearTimeout(timer);
  }, [paid, navigate]);

  if (confirmation.state === 'working') {
    return (
      <UpgradeFrame title={BILLING_MESSAGES.choosePlan}>
        <Text role="status">{MESSAGES.working}</Text>
      </UpgradeFrame>
    );
  }
  if (confirmation.state === 'done' && confirmation.outcome.paid) {
    return (
      <UpgradeFrame title={BILLING_MESSAGES.subscribed}>
        <PlanCards tiers={[confirmation.outcome.tier]} />
        <Text>
          Taking you to your{' '}
          <Anchor component={Link} to={PATHS.dashboard}>
            dashboard
          </Anchor>{' '}
          in a few seconds.
        </Text>
      </UpgradeFrame>
    );
  }
  const message =
    confirmation.state === 'failed' ? confirmation.message : BILLING_MESSAGES.paymentNotCompleted;
  const account = confirmation.state === 'done' ? confirmation.outcome.client_id : clientId;
  return (
    <UpgradeFrame title={BILLING_MESSAGES.choosePlan}>
      <ErrorMessage>{message}</ErrorMessage>
      <Pricing clientId={account} />
    </UpgradeFrame>
  );
}

function clientIdParam(value: string | null): number | null {
  return value && /^\d{1,10}$/.test(value) ? Number(value) : null;
}

/**
 * /upgrade (spec part 2 §2 "Pricing page", §4 "Upgrade"): the plans and the way to each; with
 * `session_id` the checkout's return, which records the plan and goes to the dashboard.
 */
export function UpgradePage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? params.get('session');
  const clientId = clientIdParam(params.get('client_id'));
  if (sessionId) return <CheckoutConfirmation sessionId={sessionId} clientId={clientId} />;
  return (
    <UpgradeFrame title={BILLING_MESSAGES.choosePlan}>
      <Pricing clientId={clientId} />
    </UpgradeFrame>
  );
}
