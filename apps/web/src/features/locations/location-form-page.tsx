import { Anchor, Autocomplete, Fieldset, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type GetInputPropsReturnType, useForm } from '@mantine/form';
import { levelAllows } from '@pluvio/shared/gates';
import {
  CATEGORY_MAX_LENGTH,
  categoriesOf,
  DEFAULT_THRESHOLD,
  LOCATION_MESSAGES,
  type Location,
  locationCreateSchema,
  locationSchema,
  SAME_AS_24H_CHOICE,
  THRESHOLD_CHOICES,
} from '@pluvio/shared/locations';
import { MESSAGES } from '@pluvio/shared/messages';
import { isAdminRole } from '@pluvio/shared/roles';
import { INSPECTION_RULE_LABELS, INSPECTION_RULES, ROUTINE_CADENCES } from '@pluvio/shared/storm-events';
import { TIER } from '@pluvio/shared/tiers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { AddressSearch } from '../../components/address-search';
import type { MapPoint } from '../../components/map-point';
import { PointPicker } from '../../components/point-picker';
import { RecordFormFooter, SettingsFormPage } from '../../components/record-form';
import { UpgradeLink } from '../../components/upgrade-link';
import { accountKeys, locationQuery, locationsQuery, useActiveAccount } from '../../lib/account-api';
import { putInCachedLists } from '../../lib/cached-lists';
import { DELAYS } from '../../lib/delay';
import { validateWith } from '../../lib/form-validation';
import { PATHS } from '../../lib/routes';
import { type LocationBody, saveLocation } from './api';
import { useDeleteLocation } from './use-delete-location';

const BACK_TO_LIST = {
  listPath: PATHS.locationList,
  savedMessage: LOCATION_MESSAGES.saved,
  delay: DELAYS.locationSaveRedirect,
};

/** The form of one location; the id lets a reload find it again when the navigation state is gone. */
export function locationFormPath(id: number): string {
  return `${PATHS.locationForm}?id=${id}`;
}

interface LocationValues {
  name: string;
  /** Empty: no category. */
  category: string;
  latitude: string;
  longitude: string;
  h24_threshold: string;
  /** Empty: the same as the 24-hour threshold. */
  rapidrain_threshold: string;
  /** Inches in 24 hours; empty on a new location: the account's default. */
  storm_threshold: string;
  inspection_rule: string;
  /** Empty: no routine inspections. */
  routine_cadence_days: string;
}

/** Coordinates of a saved location cannot change, so editing checks only the other fields. */
const editSchema = locationCreateSchema.omit({ latitude: true, longitude: true });
const coordinatesSchema = locationCreateSchema.pick({ latitude: true, longitude: true });

const RAPIDRAIN_CHOICES = [SAME_AS_24H_CHOICE, ...THRESHOLD_CHOICES];
const INSPECTION_RULE_CHOICES = INSPECTION_RULES.map((value) => ({
  value,
  label: INSPECTION_RULE_LABELS[value],
}));
const ROUTINE_CHOICES = [
  { value: '', label: 'None' },
  ...ROUTINE_CADENCES.map((days) => ({ value: String(days), label: `Every ${days} days` })),
];

function valuesOf(location: Location | null): LocationValues {
  return {
    name: location?.name ?? '',
    category: location?.category ?? '',
    latitude: location ? String(location.latitude) : '',
    longitude: location ? String(location.longitude) : '',
    h24_threshold: String(location?.h24_threshold ?? DEFAULT_THRESHOLD),
    rapidrain_threshold: location?.rapidrain_threshold == null ? '' : String(location.rapidrain_threshold),
    storm_threshold: location ? String(location.storm_threshold) : '',
    inspection_rule: location?.inspection_rule ?? INSPECTION_RULES[0],
    routine_cadence_days: location?.routine_cadence_days == null ? '' : String(location.routine_cadence_days),
  };
}

/** The request body: RapidRain follows the 24-hour threshold when empty or below silver. */
function bodyOf(values: LocationValues, saved: Location | null, rapidrainLocked: boolean): LocationBody {
  const fields = editSchema.parse(values);
  const { latitude, longitude } = saved ?? coordinatesSchema.parse(values);
  const h24 = fields.h24_threshold ?? DEFAULT_THRESHOLD;
  return {
    name: fields.name,
    category: fields.category ?? null,
    latitude,
    longitude,
    h24_threshold: h24,
    rapidrain_threshold: rapidrainLocked ? h24 : (fields.rapidrain_threshold ?? h24),
    // Left out on a new location when blank: the server gives it the account's default.
    ...(fields.storm_threshold !== undefined && { storm_threshold: fields.storm_threshold }),
    inspection_rule: fields.inspection_rule,
    routine_cadence_days: fields.routine_cadence_days ?? null,
    status: 'active',
  };
}

/** '2026-11-21' as 11/21/2026. */
function displayDate(date: string | null): string {
  if (!date) return 'No data yet';
  const [year, month, day] = date.split('-');
  return `${month}/${day}/${year}`;
}

function RapidrainUpgradeHint() {
  return (
    <>
      {MESSAGES.upgradeToEnable}.{' '}
      <UpgradeLink size="xs" underline="always">
        Upgrade Now
      </UpgradeLink>
    </>
  );
}

/** The category, with the account's categories offered as one types. */
function CategoryField(props: GetInputPropsReturnType) {
  const { clientId } = useActiveAccount();
  const locations = useQuery(locationsQuery(clientId));
  return (
    <Autocomplete
      label="Category"
      description="Groups locations in the pickers, e.g. Warehouses"
      maxLength={CATEGORY_MAX_LENGTH}
      data={categoriesOf(locations.data ?? [])}
      autoComplete="off"
      {...props}
    />
  );
}

function LocationForm({ location }: { location: Location | null }) {
  const { viewer, clientId } = useActiveAccount();
  const rapidrainLocked = !levelAllows(viewer?.tier ?? TIER.unknown, 'rapidrainThreshold');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<LocationValues>({
    initialValues: valuesOf(location),
    validate: validateWith<LocationValues>(location ? editSchema : locationCreateSchema),
  });
  const save = useMutation({
    mutationFn: (values: LocationValues) =>
      saveLocation(location?.id ?? null, clientId, bodyOf(values, location, rapidrainLocked)),
    onSuccess: (saved) => {
      void putInCachedLists(queryClient, accountKeys.locations(clientId), saved);
    },
  });
  const removal = useDeleteLocation(() => navigate(PATHS.locationList));

  const fillCoordinates = (point: MapPoint) => {
    form.setFieldValue('latitude', String(point.latitude));
    form.setFieldValue('longitude', String(point.longitude));
  };

  const rapidrain = form.getInputProps('rapidrain_threshold');
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
      <Stack gap="md">
        <TextInput label="Name" required autoComplete="off" {...form.getInputProps('name')} />
        <CategoryField {...form.getInputProps('category')} />
        {location === null && <AddressSearch onPick={fillCoordinates} />}
        <PointPicker
          latitude={form.values.latitude}
          longitude={form.values.longitude}
          picking={location === null ? { coverage: coordinatesSchema, onPick: fillCoordinates } : undefined}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="Latitude"
            inputMode="decimal"
            required={location === null}
            disabled={location !== null}
            {...form.getInputProps('latitude')}
          />
          <TextInput
            label="Longitude"
            inputMode="decimal"
            required={location === null}
            disabled={location !== null}
            {...form.getInputProps('longitude')}
          />
          <NativeSelect
            label="24 Hour Threshold"
            data={THRESHOLD_CHOICES}
            {...form.getInputProps('h24_threshold')}
          />
          <NativeSelect
            label="RapidRain Threshold"
            data={RAPIDRAIN_CHOICES}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...rapidrain}
            value={rapidrainLocked ? form.values.h24_threshold : rapidrain.value}
            disabled={rapidrainLocked}
            description={rapidrainLocked ? <RapidrainUpgradeHint /> : undefined}
          />
        </SimpleGrid>
        <Fieldset legend="Storm inspections" radius="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label="Permit threshold (inches in 24 hours)"
              inputMode="decimal"
              placeholder={location === null ? 'Account default' : undefined}
              {...form.getInputProps('storm_threshold')}
            />
            <NativeSelect
              label="Inspection rule"
              data={INSPECTION_RULE_CHOICES}
              {...form.getInputProps('inspection_rule')}
            />
            <NativeSelect
              label="Routine inspections"
              data={ROUTINE_CHOICES}
              {...form.getInputProps('routine_cadence_days')}
            />
          </SimpleGrid>
        </Fieldset>
        {location && (
          <TextInput
            label="Data Start Date"
            variant="filled"
            readOnly
            value={displayDate(location.data_start_date)}
          />
        )}
        {location && viewer && !isAdminRole(viewer) && (
          <Anchor component={Link} to={PATHS.assignments} state={{ locationId: location.id }}>
            Assign Contacts
          </Anchor>
        )}
        <RecordFormFooter save={save} removal={removal} record={location} back={BACK_TO_LIST} />
      </Stack>
    </form>
  );
}

const LOCATION_SOURCE = {
  stateKey: 'location',
  schema: locationSchema,
  queryFor: locationQuery,
  notFound: LOCATION_MESSAGES.notFound,
};

/** /location-form: add or edit a location (spec part 2 §2, §4, §5 "Location form"). */
export function LocationFormPage() {
  return (
    <SettingsFormPage noun="Location" source={LOCATION_SOURCE}>
      {(location) => <LocationForm location={location} />}
    </SettingsFormPage>
  );
}
