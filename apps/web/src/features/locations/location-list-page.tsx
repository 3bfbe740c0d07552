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
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { BulkDeleteKind } from '../../components/bulk-delete';
import { CsvImportDialog, type CsvImportKind } from '../../components/csv-import-dialog';
import { type ListSearch, SettingsList, SettingsListPage } from '../../components/settings-list';
import { accountKeys, locationsQuery, useActiveAccount } from '../../lib/account-api';
import { useLocationFavourites } from '../../lib/location-favourites-api';
import { PATHS } from '../../lib/routes';
import { useIsSettingsNarrow } from '../../lib/use-is-mobile';
import { useLoggedReadFailure } from '../../lib/use-logged-read-failure';
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

const locationBulkDelete = (clientId: number | undefined): BulkDeleteKind => ({
  words: LOCATION_BULK_DELETE,
  schema: locationBulkDeleteSchema,
  send: (ids) => deleteLocations(ids, clientId),
  listKey: accountKeys.locations(clientId),
});

const LOCATION_SEARCH: ListSearch<Location> = {
  placeholder: 'Location name or category',
  matches: (location, text) =>
    [location.name, location.category ?? ''].some((words) =>
      words.toLowerCase().includes(text.trim().toLowerCase()),
    ),
};

/** The account's locations; a failed read is logged and shows as an empty list (spec part 2 §8). */
function useLocationList(clientId: number | undefined) {
  const query = useQuery(locationsQuery(clientId));
  useLoggedReadFailure(query.error, 'locations');
  return { rows: query.data ?? [], loading: query.isPending };
}

function LocationSettings() {
  const { viewer, account, clientId } = useActiveAccount();
  const tier = viewer?.tier ?? TIER.unknown;
  const navigate = useNavigate();
  const narrow = useIsSettingsNarrow();
  const queryClient = useQueryClient();
  const locations = useLocationList(clientId);
  const removal = useDeleteLocation();
  const bulkDeletable = levelAllows(tier, 'locationDelete');
  const addable =
    !locations.loading &&
    canAddLocation({
      tier,
      is_trial_account: account?.is_trial_account ?? false,
      locations_count: locations.rows.length,
    });

  const actions = {
    edit: (location: Location) => navigate(locationFormPath(location.id), { state: { location } }),
    remove: removal.askToDelete,
    busy: removal.busy,
    favourites: useLocationFavourites(clientId),
  };

  return (
    <SettingsList
      list={locations}
      search={LOCATION_SEARCH}
      add={addable ? { label: 'Add Location', path: PATHS.locationForm } : undefined}
      removalError={removal.message}
      bulkDelete={bulkDeletable ? locationBulkDelete(clientId) : undefined}
      table={(shown, selection) => (
        <LocationTable
          locations={shown}
          actions={actions}
          narrow={narrow}
          showUpgrade={!levelAllows(tier, 'rapidrainThreshold')}
          selection={selection}
        />
      )}
    >
      <CsvImportDialog
        kind={locationImportKind(clientId, account?.tier)}
        blockedMessage={levelAllows(tier, 'locationBulkUpload') ? undefined : MESSAGES.tierTooLow}
        onImported={() => queryClient.invalidateQueries({ queryKey: accountKeys.locations(clientId) })}
      />
    </SettingsList>
  );
}

/** /location-list and /settings: Settings > Locations (spec part 2 §2). */
export function LocationListPage() {
  return (
    <SettingsListPage title="Locations">
      <LocationSettings />
    </SettingsListPage>
  );
}
