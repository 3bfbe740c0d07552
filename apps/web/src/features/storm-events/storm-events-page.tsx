import { Container, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@pluvio/shared/messages';
import { STORM_EVENT_MESSAGES } from '@pluvio/shared/storm-events-api';
import { keepPreviousData, useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorMessage } from '../../components/form-message';
import { RefreshableTitle } from '../../components/refreshable-title';
import { useActiveAccount } from '../../lib/account-api';
import { failureMessage } from '../../lib/api-client';
import { useTimeZone } from '../../lib/app-config';
import { stormEventKeys } from '../../lib/storm-events-api';
import { useIsMobile } from '../../lib/use-is-mobile';
import { stormEventsQuery } from './api';
import { RoutineSchedule } from './routine-schedule';
import { StormEventFilterFields, useStormEventFilters } from './storm-event-filters';
import { StormEventCards, StormEventTable } from './storm-event-list';

function ListSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" gap="sm" aria-label={title}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Refresh reads again everything the page shows of the account's storm events and routine schedule. */
function useRefresh(clientId: number | undefined) {
  const queryClient = useQueryClient();
  const queryKey = stormEventKeys.all(clientId);
  return {
    refreshing: useIsFetching({ queryKey }) > 0,
    refresh: () => queryClient.refetchQueries({ queryKey, type: 'active' }),
  };
}

/**
 * /storm-events: the routine inspections coming due (first: a short list whose every row waits for
 * an inspector), then the active account's storm events, newest first; both as cards on a phone
 * and tables wider. The location filter narrows both.
 */
export function StormEventsPage() {
  const { clientId } = useActiveAccount();
  const timeZone = useTimeZone();
  const isMobile = useIsMobile();
  const { filters, page, narrow, showPage } = useStormEventFilters();
  const query = useQuery({ ...stormEventsQuery(clientId, filters, page), placeholderData: keepPreviousData });
  const { refreshing, refresh } = useRefresh(clientId);
  const list = query.data;
  const pages = list ? Math.ceil(list.total / list.page_size) : 0;
  const Events = isMobile ? StormEventCards : StormEventTable;
  return (
    <Container size="xl" py="lg">
      <Stack gap="xl">
        <RefreshableTitle title="Storm Events" refreshing={refreshing} onRefresh={refresh} />
        <ListSection title="Routine inspections">
          <RoutineSchedule clientId={clientId} locationId={filters.location_id} timeZone={timeZone} />
        </ListSection>
        <ListSection title="Storm events">
          <StormEventFilterFields clientId={clientId} filters={filters} narrow={narrow} />
          {query.isPending && <Text role="status">{MESSAGES.loading}</Text>}
          {query.isError && (
            <ErrorMessage>{failureMessage(query.error, 'Could not load the storm events.')}</ErrorMessage>
          )}
          {list && list.items.length === 0 && <Text>{STORM_EVENT_MESSAGES.none}</Text>}
          {list && list.items.length > 0 && <Events events={list.items} timeZone={timeZone} />}
          {pages > 1 && (
            <Group justify="center">
              <Pagination total={pages} value={page} onChange={showPage} aria-label="Storm event pages" />
            </Group>
          )}
        </ListSection>
      </Stack>
    </Container>
  );
}
