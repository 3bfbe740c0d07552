import { Anchor, Group, Table, Text } from '@mantine/core';
import { stormEventPath } from '@pluvio/shared/navigation';
import { stormDueLabel, stormInches, stormPeriodLabel } from '@pluvio/shared/storm-event-views';
import type { StormEventView } from '@pluvio/shared/storm-events-api';
import { Link } from 'react-router';
import { StormStatusBadge } from '../../components/storm-status-badge';
import { TableHead } from '../../components/table-head';
import { CardList, LinkCard } from './link-cards';

interface ListProps {
  events: StormEventView[];
  timeZone: string;
}

/** One event on a phone: the whole card opens the event. */
function StormEventCard({ event, timeZone }: { event: StormEventView; timeZone: string }) {
  const due = stormDueLabel(event, timeZone);
  return (
    <LinkCard
      to={stormEventPath(event.id)}
      label={`${event.location_name}, storm event of ${stormPeriodLabel(event, timeZone)}`}
      title={event.location_name}
      badge={<StormStatusBadge status={event.status} style={{ flex: 'none' }} />}
    >
      <Text size="sm">{stormPeriodLabel(event, timeZone)}</Text>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {stormInches(event.total)}
        </Text>
        {due && (
          <Text size="sm" fw={event.status === 'overdue' ? 700 : 400}>
            {due}
          </Text>
        )}
      </Group>
    </LinkCard>
  );
}

/** The events as cards, one under the other. */
export function StormEventCards({ events, timeZone }: ListProps) {
  return (
    <CardList label="Storm events">
      {events.map((event) => (
        <li key={event.id}>
          <StormEventCard event={event} timeZone={timeZone} />
        </li>
      ))}
    </CardList>
  );
}

/** The events as a table (wider screens); the location opens the event. */
export function StormEventTable({ events, timeZone }: ListProps) {
  return (
    <Table striped highlightOnHover aria-label="Storm events">
      <TableHead columns={['Location', 'Status', 'Rain', { label: 'Total', numeric: true }, 'Inspection']} />
      <Table.Tbody>
        {events.map((event) => (
          <Table.Tr key={event.id}>
            <Table.Td>
              <Anchor component={Link} to={stormEventPath(event.id)}>
                {event.location_name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <StormStatusBadge status={event.status} />
            </Table.Td>
            <Table.Td>{stormPeriodLabel(event, timeZone)}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {stormInches(event.total)}
            </Table.Td>
            <Table.Td>{stormDueLabel(event, timeZone) ?? ''}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
