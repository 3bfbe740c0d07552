import { ActionIcon, Group, Stack, Table, Text } from '@mantine/core';
import { effectiveRapidrainThreshold, type Location } from '@pluvio/shared/locations';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { type RowSelection, SelectRowBox, SelectShownBox } from '../../components/bulk-delete';
import { UpgradeLink } from '../../components/upgrade-link';

export interface LocationRowActions {
  edit: (location: Location) => void;
  remove: (location: Location) => void;
  busy: boolean;
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
      {selection && (
        <Table.Td>
          <SelectRowBox id={location.id} label={`Select ${name}`} selection={selection} />
        </Table.Td>
      )}
      <Table.Td style={{ overflowWrap: 'break-word' }}>{name}</Table.Td>
      {!narrow && <Table.Td ta="right">{location.latitude}</Table.Td>}
      {!narrow && <Table.Td ta="right">{location.longitude}</Table.Td>}
      <Table.Td ta="right">{location.h24_threshold}</Table.Td>
      <Table.Td ta="right">{effectiveRapidrainThreshold(location)}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <ActionIcon variant="subtle" aria-label={`Edit ${name}`} onClick={() => actions.edit(location)}>
            <IconPencil size={18} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red.9"
            aria-label={`Delete ${name}`}
            disabled={actions.busy}
            onClick={() => actions.remove(location)}
          >
            <IconTrash size={18} aria-hidden="true" />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The locations of Settings > Locations (spec part 2 §2): under 600 px the coordinates are left
 * out and the headers shortened; at bronze the RapidRain header offers the upgrade. With
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
    <Table.ScrollContainer minWidth={narrow ? 0 : 560}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        // Under 600 px the row's box, name, both thresholds and actions share 343 px.
        horizontalSpacing={narrow ? 6 : 'xs'}
        aria-label="Locations"
      >
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <SelectShownBox
                  ids={locations.map((location) => location.id)}
                  label="Select the locations shown"
                  selection={selection}
                />
              </Table.Th>
            )}
            <Table.Th>Name</Table.Th>
            {!narrow && <Table.Th ta="right">Latitude</Table.Th>}
            {!narrow && <Table.Th ta="right">Longitude</Table.Th>}
            <Table.Th ta="right">{narrow ? '24 Hour' : '24 Hour Threshold'}</Table.Th>
            <Table.Th ta="right">
              <RapidrainHeader showUpgrade={showUpgrade} narrow={narrow} />
            </Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {locations.map((location) => (
            <LocationRow
              key={location.id}
              location={location}
              actions={actions}
              narrow={narrow}
              selection={selection}
            />
          ))}
        </Table.Tbody>
      </Table>
      {locations.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          No locations to show.
        </Text>
      )}
    </Table.ScrollContainer>
  );
}
