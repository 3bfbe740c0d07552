import { Anchor, Button, Group, Table, Text } from '@mantine/core';
import { MESSAGES } from '@pluvio/shared/messages';
import { routineInspectionsPath } from '@pluvio/shared/navigation';
import {
  ROUTINE_MESSAGES,
  ROUTINE_STATUS_LABELS,
  type RoutineInspection,
} from '@pluvio/shared/routine-inspections';
import { plural } from '@pluvio/shared/words';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorMessage } from '../../components/form-message';
import { RoutineStatusBadge } from '../../components/storm-status-badge';
import { TableHead } from '../../components/table-head';
import { failureMessage } from '../../lib/api-client';
import { routineInspectionsQuery } from '../../lib/routine-inspections-api';
import { useIsMobile } from '../../lib/use-is-mobile';
import { CardList, LinkCard } from './link-cards';
import { cadenceLabel, lastInspectionLabel, routineDueLabel } from './routine-views';

/** The most urgent locations shown before 'Show all': an import can give thousands a cadence. */
export const ROUTINE_SHOWN_FIRST = 5;

interface ListProps {
  items: RoutineInspection[];
  timeZone: string;
}

/** One location's schedule on a phone: the whole card opens its routine page. */
function RoutineCard({ routine, timeZone }: { routine: RoutineInspection; timeZone: string }) {
  return (
    <LinkCard
      to={routineInspectionsPath(routine.location_id)}
      label={`${routine.location_name}: ${ROUTINE_STATUS_LABELS[routine.status]}, ${routineDueLabel(routine, timeZone)}`}
      title={routine.location_name}
      badge={<RoutineStatusBadge status={routine.status} style={{ flex: 'none' }} />}
    >
      <Text size="sm">Last inspection: {lastInspectionLabel(routine, timeZone)}</Text>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{cadenceLabel(routine)}</Text>
        <Text size="sm" fw={routine.status === 'overdue' ? 700 : 400}>
          {routineDueLabel(routine, timeZone)}
        </Text>
      </Group>
    </LinkCard>
  );
}

function RoutineCards({ items, timeZone }: ListProps) {
  return (
    <CardList label="Routine inspections">
      {items.map((routine) => (
        <li key={routine.location_id}>
          <RoutineCard routine={routine} timeZone={timeZone} />
        </li>
      ))}
    </CardList>
  );
}

/** The schedule as a table (wider screens); the location opens its routine page. */
function RoutineTable({ items, timeZone }: ListProps) {
  return (
    <Table striped highlightOnHover aria-label="Routine inspections">
      <TableHead columns={['Location', 'Status', 'Cadence', 'Last inspection', 'Next inspection']} />
      <Table.Tbody>
        {items.map((routine) => (
          <Table.Tr key={routine.location_id}>
            <Table.Td>
              <Anchor component={Link} to={routineInspectionsPath(routine.location_id)}>
                {routine.location_name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <RoutineStatusBadge status={routine.status} />
            </Table.Td>
            <Table.Td>{cadenceLabel(routine)}</Table.Td>
            <Table.Td>{lastInspectionLabel(routine, timeZone)}</Table.Td>
            <Table.Td>{routineDueLabel(routine, timeZone)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The schedule's most urgent locations, and a button that shows the rest. */
function RoutineList({ items, timeZone }: ListProps) {
  const isMobile = useIsMobile();
  const [showAll, setShowAll] = useState(false);
  const Schedule = isMobile ? RoutineCards : RoutineTable;
  const shown = showAll ? items : items.slice(0, ROUTINE_SHOWN_FIRST);
  return (
    <>
      <Schedule items={shown} timeZone={timeZone} />
      {shown.length < items.length && (
        <Button variant="subtle" w="fit-content" onClick={() => setShowAll(true)}>
          Show all {plural(items.length, 'location')}
        </Button>
      )}
    </>
  );
}

/**
 * The routine inspections of the account's locations with a cadence (or of `locationId`, the
 * page's location filter), overdue first, as cards on a phone and a table wider.
 */
export function RoutineSchedule({
  clientId,
  locationId,
  timeZone,
}: {
  clientId: number | undefined;
  locationId: number | undefined;
  timeZone: string;
}) {
  const query = useQuery(routineInspectionsQuery(clientId, locationId));
  const items = query.data?.items;
  const none = locationId === undefined ? ROUTINE_MESSAGES.none : ROUTINE_MESSAGES.notScheduled;
  return (
    <>
      {query.isPending && <Text role="status">{MESSAGES.loading}</Text>}
      {query.isError && (
        <ErrorMessage>{failureMessage(query.error, 'Could not load the routine inspections.')}</ErrorMessage>
      )}
      {items?.length === 0 && <Text c="dimmed">{none}</Text>}
      {items && items.length > 0 && <RoutineList items={items} timeZone={timeZone} />}
    </>
  );
}
