import { Container, Group, Pagination, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@pluvio/shared/messages';
import { STORM_EVENT_MESSAGES } from '@pluvio/shared/storm-events-api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ErrorMessage } from '../../components/form-message';
import { RefreshableTitle } from '../../components/refreshable-title';
import { useActiveAccount } from '../../lib/account-api';
import { failureMessage } from '../../lib/api-client';
import { useTimeZone } from '../../lib/app-config';
import { useIsMobile } from '../../lib/use-is-mobile';
import { stormEventsQuery } from './api';
import { StormEventFilterFields, useStormEventFilters } from './storm-event-filters';
import { StormEventCards, StormEventTable } from './storm-event-list';

/** /storm-events: the active account's storm events, newest first, as cards on a phone and a table wider. */
export function StormEventsPage() {
  const { clientId } = useActiveAccount();
  const timeZone = useTimeZone();
  const isMobile = useIsMobile();
  const { filters, page, narrow, showPage } = useStormEventFilters();
  const query = useQuery({ ...stormEventsQuery(clientId, filters, page), placeholderData: keepPreviousData });
  const list = query.data;
  const pages = list ? Math.ceil(list.total / list.page_size) : 0;
  const Events = isMobile ? StormEventCards : StormEventTable;
  return (
    <Container size="xl" py="lg">
      <Stack>
        <RefreshableTitle
          title="Storm Events"
          refreshing={query.isFetching}
          onRefresh={() => query.refetch()}
        />
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
      </Stack>
    </Container>
  );
}
