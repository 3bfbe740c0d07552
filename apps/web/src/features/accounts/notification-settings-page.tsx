import {
  Button,
  Container,
  Fieldset,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CLIENT_MESSAGES,
  CLIENT_SETTINGS,
  type Client,
  type ClientSettingKey,
  type ClientSettings,
  SETTING_GROUP_TITLES,
  type SettingGroup,
  settingAllowed,
} from '@pluvio/shared/clients';
import { type AccountStormSettings, accountStormSettingsSchema } from '@pluvio/shared/storm-events';
import { accountLevel, type TierNumber } from '@pluvio/shared/tiers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useState } from 'react';
import { ErrorMessage, InfoMessage } from '../../components/form-message';
import { ManagersOnly } from '../../components/managers-only';
import { SettingsTabs } from '../../components/settings-tabs';
import { TierNotice } from '../../components/tier-notice';
import { useActiveAccount } from '../../lib/account-api';
import { validateWith } from '../../lib/form-validation';
import { storeClient, updateClient } from './api';
import { LoadedClient } from './loaded-client';

const GROUPS = Object.keys(SETTING_GROUP_TITLES) as SettingGroup[];

function settingsOf(client: Client): ClientSettings {
  return Object.fromEntries(CLIENT_SETTINGS.map(({ key }) => [key, client[key]])) as ClientSettings;
}

/** Only the settings the account's level allows are sent; the others keep their saved value. */
function allowedChanges(values: ClientSettings, level: TierNumber): Partial<ClientSettings> {
  return Object.fromEntries(
    CLIENT_SETTINGS.filter(({ key }) => settingAllowed(key, level)).map(({ key }) => [key, values[key]]),
  );
}

function SettingGroupFields({
  group,
  level,
  values,
  onToggle,
}: {
  group: SettingGroup;
  level: TierNumber;
  values: ClientSettings;
  onToggle: (key: ClientSettingKey, on: boolean) => void;
}) {
  const settings = CLIENT_SETTINGS.filter((setting) => setting.group === group);
  const allowed = settings.every(({ key }) => settingAllowed(key, level));
  return (
    <Fieldset legend={SETTING_GROUP_TITLES[group]} radius="md">
      <Stack gap="sm">
        {!allowed && <TierNotice />}
        {settings.map(({ key, label }) => (
          <Switch
            key={key}
            label={label}
            checked={values[key]}
            disabled={!allowed}
            onChange={(event) => onToggle(key, event.currentTarget.checked)}
          />
        ))}
      </Stack>
    </Fieldset>
  );
}

type StormFields = Record<keyof AccountStormSettings, string>;
const validateStorm = validateWith<StormFields>(accountStormSettingsSchema);

function SettingsForm({ client }: { client: Client }) {
  const queryClient = useQueryClient();
  const level = accountLevel(client);
  const [values, setValues] = useState(() => settingsOf(client));
  const [storm, setStorm] = useState<StormFields>(() => ({
    storm_threshold: String(client.storm_threshold),
    storm_dry_hours: String(client.storm_dry_hours),
  }));
  const [stormErrors, setStormErrors] = useState<Partial<StormFields>>({});
  const save = useMutation({
    mutationFn: (stormSettings: AccountStormSettings) =>
      updateClient(client.id, { ...allowedChanges(values, level), ...stormSettings }),
    onSuccess: (updated) => storeClient(queryClient, updated),
  });
  const stormInput = (name: keyof StormFields) => ({
    value: storm[name],
    error: stormErrors[name],
    inputMode: 'numeric' as const,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      save.reset();
      const value = event.currentTarget.value;
      setStorm((current) => ({ ...current, [name]: value }));
    },
  });
  const toggle = (key: ClientSettingKey, on: boolean) => {
    save.reset();
    setValues((current) => ({ ...current, [key]: on }));
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const errors = validateStorm(storm);
        setStormErrors(errors);
        if (Object.keys(errors).length === 0) save.mutate(accountStormSettingsSchema.parse(storm));
      }}
    >
      <Stack>
        <Text>
          Notification settings of <strong>{client.account_name}</strong>. They apply to every contact of the
          account.
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {GROUPS.map((group) => (
            <SettingGroupFields key={group} group={group} level={level} values={values} onToggle={toggle} />
          ))}
          <Fieldset legend="Storm inspections" radius="md">
            <Stack gap="sm">
              <TextInput
                label="Default permit threshold (inches in 24 hours)"
                description="New locations start with it; each location can have its own."
                {...stormInput('storm_threshold')}
                inputMode="decimal"
              />
              <TextInput
                label="Dry hours that end a storm event"
                description="An event ends with its last wet hour once this many dry hours follow it."
                {...stormInput('storm_dry_hours')}
              />
            </Stack>
          </Fieldset>
        </SimpleGrid>
        {save.isSuccess && <InfoMessage>{CLIENT_MESSAGES.settingsUpdated}</InfoMessage>}
        {save.isError && <ErrorMessage>{CLIENT_MESSAGES.settingsFailed}</ErrorMessage>}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function NotificationsBody() {
  const { user, clientId } = useActiveAccount();
  if (user?.is_superuser) return <InfoMessage>{CLIENT_MESSAGES.settingsPerAccount}</InfoMessage>;
  return (
    <ManagersOnly>
      <LoadedClient clientId={clientId}>
        {(client) => <SettingsForm key={client.id} client={client} />}
      </LoadedClient>
    </ManagersOnly>
  );
}

/** /settings-general: the active account's notification settings, dimmed below their tier. */
export function NotificationSettingsPage() {
  return (
    <Container size="lg" py="lg">
      <SettingsTabs />
      <Stack>
        <Title order={1}>Notifications</Title>
        <NotificationsBody />
      </Stack>
    </Container>
  );
}
