import { Stack, Text } from '@mantine/core';
import { MESSAGES } from '@pluvio/shared/messages';
import { stormRevisionLabel, stormTimeLabel } from '@pluvio/shared/storm-event-views';
import {
  STORM_EVENT_MESSAGES,
  STORM_EVENT_STATUS_LABELS,
  type StormEventDetail,
} from '@pluvio/shared/storm-events-api';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ErrorMessage, InfoMessage } from '../../components/form-message';
import { StormStatusBadge } from '../../components/storm-status-badge';
import { useActiveAccount } from '../../lib/account-api';
import { failureMessage } from '../../lib/api-client';
import { useTimeZone } from '../../lib/app-config';
import { stormEventQuery } from './api';
import { DetailPage, DetailTitle, Section } from './detail-page';
import { Inspections } from './inspections';
import { StormEventChart } from './storm-event-chart';
import { StormEventFacts } from './storm-event-facts';

function Revisions({ event, timeZone }: { event: StormEventDetail; timeZone: string }) {
  if (event.revisions.length === 0) return <Text>No revisions: the rainfall has not been revised.</Text>;
  return (
    <Stack component="ul" gap={6} aria-label="Revisions" style={{ paddingLeft: 20, margin: 0 }}>
      {event.revisions.map((revision) => (
        <li key={`${revision.revised_at} ${revision.change}`}>
          <Text size="sm" c="dimmed" span>
            {stormTimeLabel(revision.revised_at, timeZone)}:{' '}
          </Text>
          <Text span>{stormRevisionLabel(revision)}</Text>
        </li>
      ))}
    </Stack>
  );
}

function StormEventView({ event, timeZone }: { event: StormEventDetail; timeZone: string }) {
  return (
    <Stack>
      <DetailTitle title={event.location_name} badge={<StormStatusBadge status={event.status} size="lg" />} />
      {event.status === 'removed' && (
        <InfoMessage>
          {STORM_EVENT_STATUS_LABELS.removed}: {STORM_EVENT_MESSAGES.removed}
        </InfoMessage>
      )}
      <Section title="Storm event">
        <StormEventFacts event={event} timeZone={timeZone} />
      </Section>
      <Section title="Inspections">
        <Inspections event={event} timeZone={timeZone} />
      </Section>
      <Section title="Hourly rainfall">
        <StormEventChart event={event} timeZone={timeZone} />
      </Section>
      <Section title="Revision history">
        <Revisions event={event} timeZone={timeZone} />
      </Section>
    </Stack>
  );
}

/**
 * /storm-events/:id: one storm event, its facts, its inspections (near the top: inspectors record
 * them on site), its hours as a chart and what revisions did to it.
 */
export function StormEventPage() {
  const { clientId } = useActiveAccount();
  const timeZone = useTimeZone();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...stormEventQuery(clientId, id), enabled: validId && clientId !== undefined });
  return (
    <DetailPage>
      {!validId && <ErrorMessage>{STORM_EVENT_MESSAGES.notFound}</ErrorMessage>}
      {validId && query.isPending && <Text role="status">{MESSAGES.loading}</Text>}
      {query.isError && (
        <ErrorMessage>{failureMessage(query.error, 'Could not load the storm event.')}</ErrorMessage>
      )}
      {query.data && <StormEventView event={query.data} timeZone={timeZone} />}
    </DetailPage>
  );
}
