import {
  Anchor,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { PLAN_ORDER } from '@pluvio/shared/billing';
import { SAME_AS_24H_CHOICE, THRESHOLD_CHOICES } from '@pluvio/shared/locations';
import {
  type SignupKind,
  signupLocationSchema,
  TERMS_OF_SERVICE,
  WIZARD_MESSAGES,
  WIZARD_NOTES,
  type WizardLocationValues,
} from '@pluvio/shared/signup';
import { TIER, type TierName, TRIAL_TIER, tierLabel } from '@pluvio/shared/tiers';
import type { ChangeEvent } from 'react';
import { Link } from 'react-router';
import { AddressSearch } from '../../components/address-search';
import type { MapPoint } from '../../components/map-point';
import { NewPasswordFields } from '../../components/new-password-fields';
import { PlanCards } from '../../components/plan-cards';
import { PointPicker } from '../../components/point-picker';
import { PATHS } from '../../lib/routes';
import type { PasswordValues, PersonValues } from './wizard-draft';

type Change<T> = <K extends keyof T>(field: K, value: T[K]) => void;

/** The value and change handler of a text field bound to one of `values`' fields. */
function textFieldsOf<T>(values: T, onChange: Change<T>) {
  return (field: keyof T) => ({
    value: values[field] as string,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      onChange(field, event.currentTarget.value as T[keyof T]),
  });
}

function TermsLink() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Anchor component="button" type="button" size="sm" onClick={open}>
        Read the {WIZARD_NOTES.termsTitle}
      </Anchor>
      <Modal
        opened={opened}
        onClose={close}
        title={WIZARD_NOTES.termsTitle}
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close the terms' }}
      >
        <Stack gap="sm">
          {TERMS_OF_SERVICE.map((paragraph) => (
            <Text key={paragraph} size="sm">
              {paragraph}
            </Text>
          ))}
        </Stack>
      </Modal>
    </>
  );
}

/** Step 1: who signs up (spec part 2 §2 "Registration wizard", §5 "Wizard step 1"). */
export function UserStep({
  person,
  passwords,
  onPerson,
  onPassword,
}: {
  person: PersonValues;
  passwords: PasswordValues;
  onPerson: Change<PersonValues>;
  onPassword: Change<PasswordValues>;
}) {
  const text = textFieldsOf(person, onPerson);
  const password = textFieldsOf(passwords, onPassword);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="First Name" autoComplete="given-name" required {...text('first_name')} />
        <TextInput label="Last Name" autoComplete="family-name" required {...text('last_name')} />
        <TextInput type="email" label="Email" autoComplete="email" required {...text('email')} />
        <TextInput type="tel" label="Phone" autoComplete="tel" required {...text('phone')} />
        <NewPasswordFields
          labels={['Password', 'Confirm Password']}
          password={password('password')}
          confirm={password('confirm_password')}
        />
      </SimpleGrid>
      <TextInput
        label="Company Name"
        description="Optional"
        autoComplete="organization"
        {...text('account_name')}
      />
      <Group gap="xs" wrap="wrap">
        <Checkbox
          label={WIZARD_NOTES.termsLabel}
          checked={person.terms_accepted}
          onChange={(event) => onPerson('terms_accepted', event.currentTarget.checked)}
        />
        <TermsLink />
      </Group>
      <Checkbox
        label={WIZARD_NOTES.smsLabel}
        checked={person.sms_accepted}
        onChange={(event) => onPerson('sms_accepted', event.currentTarget.checked)}
      />
      <Text size="sm">
        {WIZARD_NOTES.haveAccount}{' '}
        <Anchor component={Link} to={PATHS.login}>
          Sign in
        </Anchor>
      </Text>
    </Stack>
  );
}

/** Step 2: the free trial, or a plan paid now ('Upgrade Now'), with the plan cards. */
export function PlanStep({
  kind,
  tier,
  onKind,
  onTier,
}: {
  kind: SignupKind;
  tier: TierName;
  onKind: (kind: SignupKind) => void;
  onTier: (tier: TierName) => void;
}) {
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Switch
          label="Upgrade Now"
          aria-describedby="upgrade-now-hint"
          checked={kind === 'paid'}
          onChange={(event) => onKind(event.currentTarget.checked ? 'paid' : 'trial')}
        />
        <Text id="upgrade-now-hint" size="sm" c="dimmed">
          {WIZARD_NOTES.upgradeNowHint}
        </Text>
      </Stack>
      {kind === 'trial' ? (
        <Text>{WIZARD_MESSAGES.trialText}</Text>
      ) : (
        <Radio.Group label="Plan" value={tier} onChange={(value) => onTier(value as TierName)}>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" mt={6}>
            {PLAN_ORDER.map((choice) => (
              <Radio key={choice} value={choice} label={tierLabel(TIER[choice])} />
            ))}
          </SimpleGrid>
        </Radio.Group>
      )}
      <PlanCards compact selected={kind === 'paid' ? tier : TRIAL_TIER} />
    </Stack>
  );
}

const RAPIDRAIN_CHOICES = [SAME_AS_24H_CHOICE, ...THRESHOLD_CHOICES];

/** Where step 3 takes a point picked on the map: the wizard's own coordinate ranges. */
const WIZARD_COVERAGE = signupLocationSchema.pick({ latitude: true, longitude: true });

/** Step 3: the first monitored location (spec part 2 §5 "Location form and wizard step 3"). */
export function LocationStep({
  location,
  asksRapidrain,
  onLocation,
}: {
  location: WizardLocationValues;
  asksRapidrain: boolean;
  onLocation: Change<WizardLocationValues>;
}) {
  const fillCoordinates = (point: MapPoint) => {
    onLocation('latitude', String(point.latitude));
    onLocation('longitude', String(point.longitude));
  };
  const text = textFieldsOf(location, onLocation);
  return (
    <Stack gap="sm">
      <Text size="sm">{WIZARD_NOTES.locationHint}</Text>
      <TextInput label="Location Name" autoComplete="off" required {...text('name')} />
      <AddressSearch onPick={fillCoordinates} />
      <PointPicker
        latitude={location.latitude}
        longitude={location.longitude}
        picking={{ coverage: WIZARD_COVERAGE, onPick: fillCoordinates }}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label="Latitude" inputMode="decimal" placeholder="29.76" required {...text('latitude')} />
        <TextInput
          label="Longitude"
          inputMode="decimal"
          placeholder="-95.37"
          required
          {...text('longitude')}
        />
        <NativeSelect
          label="24 Hour Threshold"
          data={THRESHOLD_CHOICES}
          value={String(location.h24_threshold)}
          onChange={(event) => onLocation('h24_threshold', Number(event.currentTarget.value))}
        />
        {asksRapidrain && (
          <NativeSelect
            label="RapidRain Threshold"
            data={RAPIDRAIN_CHOICES}
            value={location.rapidrain_threshold === null ? '' : String(location.rapidrain_threshold)}
            onChange={(event) => {
              const value = event.currentTarget.value;
              onLocation('rapidrain_threshold', value === '' ? null : Number(value));
            }}
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}
