import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { STORM_EVENT_STATUS_CHOICES } from '@pluvio/shared/storm-event-views';
import { STORM_EVENT_STATUSES, type StormEventStatus } from '@pluvio/shared/storm-events-api';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { locationsQuery } from '../../lib/account-api';
import type { StormEventFilters } from './api';

type FilterName = keyof StormEventFilters;

function statusOf(value: string | null): StormEventStatus | undefined {
  return STORM_EVENT_STATUSES.find((status) => status === value);
}

function locationIdOf(value: string | null): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * The list's filters and page, kept in the address (`/storm-events?location_id=7&status=due`), so
 * a link can open it narrowed and Back returns to it; changing a filter starts again at page 1.
 */
export function useStormEventFilters() {
  const [params, setParams] = useSearchParams();
  const filters: StormEventFilters = {
    status: statusOf(params.get('status')),
    location_id: locationIdOf(params.get('location_id')),
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
  };
  const page = Math.max(1, Number(params.get('page')) || 1);
  const narrow = (name: FilterName, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('page');
    setParams(next, { replace: true });
  };
  const showPage = (shown: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(shown));
    setParams(next);
  };
  return { filters, page, narrow, showPage };
}

/** Status, location and start dates; an emptied field no longer narrows the list. */
export function StormEventFilterFields({
  clientId,
  filters,
  narrow,
}: {
  clientId: number | undefined;
  filters: StormEventFilters;
  narrow: (name: FilterName, value: string) => void;
}) {
  const locations = useQuery(locationsQuery(clientId)).data ?? [];
  const locationChoices = [
    { value: '', label: 'All locations' },
    ...locations.map((location) => ({ value: String(location.id), label: location.name })),
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} role="search" aria-label="Filter storm events">
      <NativeSelect
        label="Status"
        data={STORM_EVENT_STATUS_CHOICES}
        value={filters.status ?? ''}
        onChange={(event) => narrow('status', event.currentTarget.value)}
      />
      <NativeSelect
        label="Location"
        data={locationChoices}
        value={filters.location_id ? String(filters.location_id) : ''}
        onChange={(event) => narrow('location_id', event.currentTarget.value)}
      />
      <TextInput
        type="date"
        label="Started from"
        value={filters.from ?? ''}
        onChange={(event) => narrow('from', event.currentTarget.value)}
      />
      <TextInput
        type="date"
        label="Started to"
        value={filters.to ?? ''}
        onChange={(event) => narrow('to', event.currentTarget.value)}
      />
    </SimpleGrid>
  );
}
