import { Group, Stack, Table, Text } from '@mantine/core';
import { effectiveRapidrainThreshold, type Location } from '@pluvio/shared/locations';
import type { RowSelection } from '../../components/bulk-delete';
import { type PickerFavourites, StarToggle } from '../../components/item-checklist';
import { EditDeleteIcons, RecordTable, SelectRowCell } from '../../components/record-table';
import { UpgradeLink } from '../../components/upgrade-link';

export interface LocationRowActions {
  edit: (location: Location) => void;
  remove: (location: Location) => void;
  busy: boolean;
  /** The caller's stars, shown before each name. */
  favourites?: PickerFavourites;
}

/**
 * The name with its star; under 600 px the category goes beneath it instead of in a column, and
 * the star is left to the pickers (the row has no room for it beside the actions).
 */
function NameCell({
  location,
  favourites,
  narrow,
}: {
  location: Location;
  favourites: PickerFavourites | undefined;
  narrow: boolean;
}) {
  const id = String(location.id);
  return (
    <Table.Td style={{ overflowWrap: 'break-word' }}>
      <Group gap={4} wrap="nowrap" align="flex-start">
        {favourites && !narrow && (
          <StarToggle
            name={location.name}
            on={favourites.ids.has(id)}
            onToggle={(on) => favourites.onToggle(id, on)}
          />
        )}
        <Stack gap={0} style={{ minWidth: 0 }}>
          <span>{location.name}</span>
          {narrow && location.category && (
            <Text size="xs" c="dimmed">
              {location.category}
            </Text>
          )}
        </Stack>
      </Group>
    </Table.Td>
  );
}

function RapidrainHeader({ showUpgrade, narrow }: { showUpgrade: boolean; narrow: boolean }) {
  const label = narrow ? 'RapidRain' : 'RapidRain Threshold';
  if (!showUpgrade) return label;
  return (
    <Stack gap={0}>
      <span>{label}</span>
      <UpgradeLink size="sm" fw={400}>
        Upgrade Now
      </UpgradeLink>
    </Stack>
  );
}

function LocationRow({
  location,
  actions,
  narrow,
  selection,
}: {
  location: Location;
  actions: LocationRowActions;
  narrow: boolean;
  selection?: RowSelection;
}) {
  const { name } = location;
  return (
    <Table.Tr>
      <SelectRowCell id={location.id} name={name} selection={selection} />
      <NameCell location={location} favourites={actions.favourites} narrow={narrow} />
      {!narrow && <Table.Td style={{ overflowWrap: 'break-word' }}>{location.category}</Table.Td>}
      {!narrow && <Table.Td ta="right">{location.latitude}</Table.Td>}
      {!narrow && <Table.Td ta="right">{location.longitude}</Table.Td>}
      <Table.Td ta="right">{location.h24_threshold}</Table.Td>
      <Table.Td ta="right">{effectiveRapidrainThreshold(location)}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <EditDeleteIcons
            name={name}
            busy={actions.busy}
            onEdit={() => actions.edit(location)}
            onDelete={() => actions.remove(location)}
          />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The locations of Settings > Locations (spec part 2 §2): under 600 px the coordinates are left
 * out, the category goes under the name and the headers are shortened; at bronze the RapidRain header offers the upgrade. With
 * `selection` each row has a box for Delete selected.
 */
export function LocationTable({
  locations,
  actions,
  narrow,
  showUpgrade,
  selection,
}: {
  locations: Location[];
  actions: LocationRowActions;
  narrow: boolean;
  showUpgrade: boolean;
  selection?: RowSelection;
}) {
  return (
    <RecordTable
      label="Locations"
      rows={locations}
      narrow={narrow}
      selection={selection}
      // Under 600 px the row's box, name, both thresholds and actions share 343 px.
      horizontalSpacing={narrow ? 6 : 'xs'}
      headers={
        <>
          <Table.Th>Name</Table.Th>
          {!narrow && <Table.Th>Category</Table.Th>}
          {!narrow && <Table.Th ta="right">Latitude</Table.Th>}
          {!narrow && <Table.Th ta="right">Longitude</Table.Th>}
          <Table.Th ta="right">{narrow ? '24 Hour' : '24 Hour Threshold'}</Table.Th>
          <Table.Th ta="right">
            <RapidrainHeader showUpgrade={showUpgrade} narrow={narrow} />
          </Table.Th>
        </>
      }
    >
      {(location) => (
        <LocationRow location={location} actions={actions} narrow={narrow} selection={selection} />
      )}
    </RecordTable>
  );
}
