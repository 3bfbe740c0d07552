import { Button, Container, Group, Pagination, Stack, Text, TextInput, Title } from '@mantine/core';
import { priceChangeText } from '@pluvio/shared/billing';
import {
  checkLocationRecords,
  EXAMPLE_LOCATIONS_CSV,
  type LocationImportRow,
} from '@pluvio/shared/csv-import';
import { levelAllows } from '@pluvio/shared/gates';
import { LOCATION_MESSAGES, type Location } from '@pluvio/shared/locations';
import { listRange, MESSAGES } from '@pluvio/shared/messages';
import { canAddLocation } from '@pluvio/shared/permissions';
import { TIER, type TierName } from '@pluvio/shared/tiers';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentProps, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { CsvImportDialog, type CsvImportKind } from '../../components/csv-import-dialog';
import { ErrorMessage } from '../../components/form-message';
import { ManagersOnly } from '../../components/managers-only';
import { SettingsTabs } from '../../components/settings-tabs';
import { accountKeys, locationsQuery, useActiveAccount } from '../../lib/account-api';
import { PATHS } from '../../lib/routes';
import { useIsMobile } from '../../lib/use-is-mobile';
import { importLocations } from './api';
import { BulkDeleteBar, useBulkDelete, useLocationSelection } from './bulk-delete';
import { locationFormPath } from './location-form-page';
import { LocationTable } from './location-table';
import { useDeleteLocation } from './use-delete-location';

function locationImportKind(
  clientId: number | undefined,
  tier: TierName | undefined,
): CsvImportKind<LocationImportRow> {
  return {
    noun: 'Locations',
    one: 'location',
    exampleCsv: EXAMPLE_LOCATIONS_CSV,
    exampleFileName: 'example-locations.csv',
    check: checkLocationRecords,
    send: (rows, preview) => importLocations(clientId, rows, preview),
    table: {
      headings: ['Name', 'Latitude', 'Longitude', '24 Hour Threshold', 'RapidRain Threshold'],
      cells: (row) => [row.name, row.latitude, row.longitude, row.h24_threshold, row.rapidrain_threshold],
      phoneColumns: [0, 3, 4],
    },
    priceText: tier ? (change) => priceChangeText(tier, change) : undefined,
    succeeded: LOCATION_MESSAGES.processed,
  };
}

function matchesName(location: Location, search: string): boolean {
  return location.name.toLowerCase().includes(search.trim().toLowerCase());
}

/** The account's locations; a failed read is logged and shows as an empty list (spec part 2 §8). */
function useLocationList(clientId: number | undefined) {
  const query = useQuery(locationsQuery(clientId));
  useEffect(() => {
    if (query.error) console.error('Could not load the locations', query.error);
  }, [query.error]);
  return { locations: query.data ?? [], loading: query.isPending };
}

/** Rows drawn at once: an account of 5,000 locations drew them all, and took half a minute. */
export const LOCATIONS_PER_PAGE = 50;

/** The table one page at a time, with the pages under it when there is more than one. */
function PagedLocations({
  locations,
  page,
  onPage,
  ...table
}: Omit<ComponentProps<typeof LocationTable>, 'locations'> & {
  locations: Location[];
  page: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(locations.length / LOCATIONS_PER_PAGE));
  const current = Math.min(page, pages);
  const first = (current - 1) * LOCATIONS_PER_PAGE;
  return (
    <Stack gap="sm">
      <LocationTable locations={locations.slice(first, first + LOCATIONS_PER_PAGE)} {...table} />
      {pages > 1 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {listRange(first + 1, Math.min(first + LOCATIONS_PER_PAGE, locations.length), locations.length)}
          </Text>
          <Pagination total={pages} value={current} onChange={onPage} size="sm" aria-label="Pages" />
        </Group>
      )}
    </Stack>
  );
}

function LocationSettings() {
  const { viewer, account, clientId } = useActiveAccount();
  const tier = viewer?.tier ?? TIER.unknown;
  const navigate = useNavigate();
  const narrow = useIsMobile();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const { locations, loading } = useLocationList(clientId);
  const removal = useDeleteLocation();
  const matching = locations.filter((location) => matchesName(location, search));
  const ticked = useLocationSelection(locations);
  const bulk = useBulkDelete(clientId, ticked.clear);
  // Many at once from silver up, on screens wide enough for the boxes beside the row actions.
  const bulkDeletable = levelAllows(tier, 'locationDelete') && !narrow;
  const addable =
    !loading &&
    canAddLocation({
      tier,
      is_trial_account: account?.is_trial_account ?? false,
      locations_count: locations.length,
    });

  const actions = {
    edit: (location: Location) => navigate(locationFormPath(location.id), { state: { location } }),
    remove: removal.askToDelete,
    busy: removal.busy,
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          type="search"
          label="Search"
          placeholder="Location name"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 240px' }}
          maw={420}
        />
        {addable && (
          <Button
            leftSection={<IconPlus size={18} aria-hidden="true" />}
            onClick={() => navigate(PATHS.locationForm)}
          >
            Add Location
          </Button>
        )}
      </Group>
      {removal.message && <ErrorMessage>{removal.message}</ErrorMessage>}
      {bulkDeletable && (
        <BulkDeleteBar
          ids={ticked.ids}
          matching={matching.length}
          onSelectAll={() =>
            ticked.selection.set(
              matching.map((location) => location.id),
              true,
            )
          }
          onClear={ticked.clear}
          bulk={bulk}
        />
      )}
      {loading ? (
        <Text role="status">{MESSAGES.loading}</Text>
      ) : (
        <PagedLocations
          locations={matching}
          page={page}
          onPage={setPage}
          actions={actions}
          narrow={narrow}
          showUpgrade={!levelAllows(tier, 'rapidrainThreshold')}
          selection={bulkDeletable ? ticked.selection : undefined}
        />
      )}
      <CsvImportDialog
        kind={locationImportKind(clientId, account?.tier)}
        blockedMessage={levelAllows(tier, 'locationBulkUpload') ? undefined : MESSAGES.tierTooLow}
        onImported={() => queryClient.invalidateQueries({ queryKey: accountKeys.locations(clientId) })}
      />
    </Stack>
  );
}

/** /location-list and /settings: Settings > Locations (spec part 2 §2). */
export function LocationListPage() {
  return (
    <Container size="lg" py="lg">
      <SettingsTabs />
      <Stack gap="md">
        <Title order={1}>Locations</Title>
        <ManagersOnly>
          <LocationSettings />
        </ManagersOnly>
      </Stack>
    </Container>
  );
}
