import {
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { ACCOUNT_TYPES, type AccountStatus, type AccountType } from '@pluvio/shared/accounts';
import {
  accountTypeDefaults,
  CLIENT_MESSAGES,
  type Client,
  type ClientPatch,
  clientCreateSchema,
  clientSchema,
} from '@pluvio/shared/clients';
import { deleteConfirmation, MESSAGES } from '@pluvio/shared/messages';
import { DEFAULT_TIER, TIER, TIER_NAMES, type TierName, tierLabel } from '@pluvio/shared/tiers';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { askToConfirm } from '../../components/confirm-dialog';
import { ErrorMessage, InfoMessage } from '../../components/form-message';
import { ManagersOnly } from '../../components/managers-only';
import { SettingsTabs } from '../../components/settings-tabs';
import { useUpgradeState } from '../../components/upgrade-link';
import { useActiveAccount } from '../../lib/account-api';
import { failureMessage } from '../../lib/api-client';
import { useAppConfig } from '../../lib/app-config';
import { refreshCurrentUser } from '../../lib/current-user';
import { DELAYS, wait } from '../../lib/delay';
import { validateWith } from '../../lib/form-validation';
import { PATHS } from '../../lib/routes';
import { createClient, deleteClient, forgetClient, storeClient, updateClient } from './api';
import { ApiKeys } from './api-keys';
import { AssociatedAccounts } from './associated-accounts';
import { LoadedClient } from './loaded-client';
import { ReportRecipients } from './report-recipients';
import { SubscriptionSummary } from './subscription-summary';
import { Webhooks } from './webhooks';

/** add and edit: a superuser from client management; self: the user's own account. */
type FormMode = { kind: 'add' } | { kind: 'edit'; client: Client } | { kind: 'self'; client: Client };

interface ClientValues {
  account_name: string;
  email: string;
  phone: string;
  invoice_email: string;
  tier: TierName;
  account_type: AccountType;
  is_trial_account: boolean;
  manual_invoice: boolean;
  auto_add_locations: boolean;
  status: AccountStatus;
}

const NEW_CLIENT: ClientValues = {
  account_name: '',
  email: '',
  phone: '',
  invoice_email: '',
  tier: DEFAULT_TIER,
  account_type: 'paid',
  ...accountTypeDefaults('paid'),
  auto_add_locations: true,
  status: 'active',
};

function valuesOf(client: Client): ClientValues {
  return {
    account_name: client.account_name,
    email: client.email ?? '',
    phone: client.phone ?? '',
    invoice_email: client.invoice_email ?? '',
    tier: client.tier,
    account_type: client.account_type,
    is_trial_account: client.is_trial_account,
    manual_invoice: client.manual_invoice,
    auto_add_locations: client.auto_add_locations,
    status: client.status,
  };
}

const validateClient = validateWith<ClientValues>(
  clientCreateSchema.pick({ account_name: true, email: true, phone: true }),
);

/** The owner changes the details; level, type and invoicing go through upgrade or support. */
function selfChanges(values: ClientValues): ClientPatch {
  const { account_name, email, phone, invoice_email, auto_add_locations } = values;
  return { account_name, email, phone, invoice_email, auto_add_locations };
}

function saveClient(mode: FormMode, values: ClientValues): Promise<Client> {
  switch (mode.kind) {
    case 'add':
      return createClient(values);
    case 'edit':
      return updateClient(mode.client.id, values);
    case 'self':
      return updateClient(mode.client.id, selfChanges(values));
  }
}

/** Tier radios, highest first. */
const TIER_CHOICES = [...TIER_NAMES].reverse();

const ACCOUNT_TYPE_OPTIONS = ACCOUNT_TYPES.map((type) => ({ value: type, label: capitalized(type) }));

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function SelfServiceNotes() {
  const supportEmail = useAppConfig()?.support_email;
  return (
    <Text size="sm">
      {CLIENT_MESSAGES.contactSupport}{' '}
      {supportEmail && <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor>}
    </Text>
  );
}

/** A value the form shows but does not change. */
function ReadOnlyField({ label, value }: { label: string; value: string | null | undefined }) {
  return <TextInput label={label} value={value ?? ''} placeholder="Not set" variant="filled" readOnly />;
}

function ClientForm({ mode }: { mode: FormMode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const self = mode.kind === 'self';
  const upgradeState = useUpgradeState();
  const saved = mode.kind === 'add' ? null : mode.client;
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const form = useForm<ClientValues>({
    initialValues: saved ? valuesOf(saved) : NEW_CLIENT,
    validate: validateClient,
  });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setResult(null);
    try {
      const client = await saveClient(mode, values);
      await storeClient(queryClient, client);
      if (self) await refreshCurrentUser();
      setResult({ ok: true, message: CLIENT_MESSAGES.saved });
      if (!self) {
        await wait(DELAYS.clientSaveRedirect);
        navigate(PATHS.settingsAdmin);
      }
    } catch (caught) {
      setResult({ ok: false, message: failureMessage(caught, MESSAGES.tryAgain) });
    } finally {
      setBusy(false);
    }
  });

  const remove = async () => {
    if (mode.kind !== 'edit') {
      setResult({ ok: false, message: CLIENT_MESSAGES.deleteOnlyExisting });
      return;
    }
    const question = deleteConfirmation('client', mode.client.account_name, CLIENT_MESSAGES.deleteConfirm);
    if (!(await askToConfirm(question))) return;
    setBusy(true);
    try {
      await deleteClient(mode.client.id);
      await forgetClient(queryClient, mode.client.id);
      navigate(PATHS.settingsAdmin);
    } catch (caught) {
      setResult({ ok: false, message: failureMessage(caught, CLIENT_MESSAGES.deleteFailed) });
      setBusy(false);
    }
  };

  const chooseTier = (tier: string) => {
    if (self) navigate(PATHS.upgrade, { state: upgradeState });
    else form.setFieldValue('tier', tier as TierName);
  };

  const chooseAccountType = (value: string | null) => {
    if (!value) return;
    const type = value as AccountType;
    form.setValues({ account_type: type, ...accountTypeDefaults(type) });
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Account Name" required {...form.getInputProps('account_name')} />
            <TextInput type="email" label="Email" required {...form.getInputProps('email')} />
            <TextInput type="tel" label="Phone" required {...form.getInputProps('phone')} />
            <TextInput type="email" label="Invoice Email" {...form.getInputProps('invoice_email')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {self ? (
              <ReadOnlyField label="Account Type" value={capitalized(form.values.account_type)} />
            ) : (
              <Select
                label="Account Type"
                data={ACCOUNT_TYPE_OPTIONS}
                value={form.values.account_type}
                onChange={chooseAccountType}
                allowDeselect={false}
              />
            )}
            {saved && <ReadOnlyField label="Renewal Day" value={saved.invoice_day?.toString()} />}
            {saved && <ReadOnlyField label="Last Payment Status" value={saved.last_payment_status} />}
          </SimpleGrid>
          <Radio.Group
            label="Subscription Level"
            description={self ? 'Choosing another level opens the Upgrade page.' : undefined}
            value={form.values.tier}
            onChange={chooseTier}
          >
            <Group gap="lg" mt={6}>
              {TIER_CHOICES.map((tier) => (
                <Radio key={tier} value={tier} label={tierLabel(TIER[tier])} />
              ))}
            </Group>
          </Radio.Group>
          <Stack gap="sm">
            {!self && (
              <Switch
                label="Manual Invoice"
                {...form.getInputProps('manual_invoice', { type: 'checkbox' })}
              />
            )}
            <Switch
              label="Auto Add Locations"
              {...form.getInputProps('auto_add_locations', { type: 'checkbox' })}
            />
            {!self && (
              <Switch
                label="Suspend Account"
                checked={form.values.status === 'inactive'}
                onChange={(event) =>
                  form.setFieldValue('status', event.currentTarget.checked ? 'inactive' : 'active')
                }
              />
            )}
          </Stack>
          {self && <SelfServiceNotes />}
          {result?.ok && <InfoMessage>{result.message}</InfoMessage>}
          {result && !result.ok && <ErrorMessage>{result.message}</ErrorMessage>}
          <Group>
            <Button type="submit" loading={busy}>
              Save
            </Button>
            {!self && (
              <>
                <Button variant="outline" color="red.9" onClick={remove} disabled={busy}>
                  Delete
                </Button>
                <Button variant="subtle" onClick={() => navigate(PATHS.settingsAdmin)}>
                  Cancel
                </Button>
              </>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function OwnAccount({ client }: { client: Client }) {
  const { account } = useActiveAccount();
  return (
    <>
      <SubscriptionSummary clientId={client.id} />
      <ClientForm key={client.id} mode={{ kind: 'self', client }} />
      <AssociatedAccounts client={client} />
      <ReportRecipients clientId={client.id} />
      {/* A key acts as the owner and webhooks carry all the account's events, so only the owner
          makes them (co-owners manage the rest). */}
      {account?.membership === 'owner' && (
        <>
          <ApiKeys clientId={client.id} />
          <Webhooks client={client} />
        </>
      )}
    </>
  );
}

const arrivalStateSchema = z.object({ client: clientSchema });

/** The client chosen on /settings-admin arrives in the navigation state. */
function useArrivalClient(): Client | null {
  const parsed = arrivalStateSchema.safeParse(useLocation().state);
  return parsed.success ? parsed.data.client : null;
}

function ClientFormBody({ editing }: { editing: Client | null }) {
  const { user, clientId } = useActiveAccount();
  if (user?.is_superuser) {
    return (
      <ClientForm
        key={editing?.id ?? 'new'}
        mode={editing ? { kind: 'edit', client: editing } : { kind: 'add' }}
      />
    );
  }
  return (
    <ManagersOnly>
      <LoadedClient clientId={clientId}>{(client) => <OwnAccount client={client} />}</LoadedClient>
    </ManagersOnly>
  );
}

/** /client-form: add or edit a client (superusers) or the user's own subscription. */
export function ClientFormPage() {
  const { user } = useActiveAccount();
  const editing = useArrivalClient();
  let title = 'My Subscription';
  if (user?.is_superuser) title = editing ? 'Edit Client' : 'Add Client';
  return (
    <Container size="md" py="lg">
      <SettingsTabs />
      <Stack>
        <Title order={1}>{title}</Title>
        <ClientFormBody editing={editing} />
      </Stack>
    </Container>
  );
}
