import { Button, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { priceChangeText } from '@pluvio/shared/billing';
import {
  checkLocationRecords,
  EXAMPLE_LOCATIONS_CSV,
  type LocationImportRow,
} from '@pluvio/shared/csv-import';
import { levelAllows } from '@pluvio/shared/gates';
import {
  LOCATION_BULK_DELETE,
  LOCATION_MESSAGES,
  type Location,
  locationBulkDeleteSchema,
} from '@pluvio/shared/locations';
import { MESSAGES } from '@pluvio/shared/messages';
import { canAddLocation } from '@pluvio/shared/permissions';
import { TIER, type TierName } from '@pluvio/shared/tiers';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { BulkDeleteBar, type BulkDeleteKind, useRowSelection } from '../../components/bulk-delete';
import { CsvImportDialog, type CsvImportKind } from '../../components/csv-import-dialog';
import { ErrorMessage } from '../../components/form-message';
import { ManagersOnly } from '../../components/managers-only';
import { PagedRows, useSearchedPages } from '../../components/paged-rows';
import { SettingsTabs } from '../../components/settings-tabs';
import { accountKeys, locationsQuery, useActiveAccount } from '../../lib/account-api';
import { PATHS } from '../../lib/routes';
import { useIsMobile } from '../../lib/use-is-mobile';
import { deleteLocations, importLocations } from './api';
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

function locationBulkDelete(clientId: number | undefined): BulkDeleteKind {
  return {
    words: LOCATION_BULK_DELETE,
    schema: locationBulkDeleteSchema,
    send: (ids) => deleteLocations(ids, clientId),
    listKey: accountKeys.locations(clientId),
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

function LocationSettings() {
  const { viewer, account, clientId } = useActiveAccount();
  const tier = viewer?.tier ?? TIER.unknown;
  const navigate = useNavigate();
  const narrow = useIsMobile();
  const queryClient = useQueryClient();
  const { search, setSearch, page, setPage } = useSearchedPages();
  const { locations, loading } = useLocationList(clientId);
  const removal = useDeleteLocation();
  const matching = locations.filter((location) => matchesName(location, search));
  const ticked = useRowSelection(locations.map((location) => location.id));
  const bulkDeletable = levelAllows(tier, 'locationDelete');
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
          onChange={(event) => setSearch(event.currentTarget.value)}
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
          kind={locationBulkDelete(clientId)}
          label="Selected locations"
          ids={ticked.ids}
          matchingIds={matching.map((location) => location.id)}
          selection={ticked.selection}
          onClear={ticked.clear}
        />
      )}
      {loading ? (
        <Text role="status">{MESSAGES.loading}</Text>
      ) : (
        <PagedRows rows={matching} page={page} onPage={setPage}>
          {(shown) => (
            <LocationTable
              locations={shown}
              actions={actions}
              narrow={narrow}
              showUpgrade={!levelAllows(tier, 'rapidrainThreshold')}
              selection={bulkDeletable ? ticked.selection : undefined}
            />
          )}
        </PagedRows>
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
