import { Stack, Text } from '@mantine/core';
import { MESSAGES } from '@pluvio/shared/messages';
import { ROUTINE_MESSAGES, type RoutineInspection } from '@pluvio/shared/routine-inspections';
import { stormTimeLabel } from '@pluvio/shared/storm-event-views';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ErrorMessage, InfoMessage } from '../../components/form-message';
import { RoutineStatusBadge } from '../../components/storm-status-badge';
import { locationQuery, useActiveAccount } from '../../lib/account-api';
import { failureMessage } from '../../lib/api-client';
import { useTimeZone } from '../../lib/app-config';
import { routineInspectionsQuery } from '../../lib/routine-inspections-api';
import { DetailPage, DetailTitle, FactList, Section } from './detail-page';
import { LocationInspections } from './inspections';
import { locationInspectionsQuery } from './inspections-api';
import { cadenceLabel, lastInspectionLabel, routineDayLabel } from './routine-views';

function routineFacts(routine: RoutineInspection, timeZone: string): [string, string][] {
  return [
    ['Cadence', cadenceLabel(routine)],
    ['Scheduled since', routineDayLabel(routine.since, timeZone)],
    ['Last inspection', lastInspectionLabel(routine, timeZone)],
    ['Due by', stormTimeLabel(routine.due_at, timeZone)],
  ];
}

/** The location's name: its schedule has it; without one it is read from the location. */
function useLocationName(locationId: number, routine: RoutineInspection | null): string | undefined {
  const { clientId } = useActiveAccount();
  const location = useQuery({ ...locationQuery(locationId, clientId), enabled: routine === null });
  return routine?.location_name ?? location.data?.name;
}

/** The location's inspections of every kind, newest first, with the button that records a routine one. */
function InspectionsOfLocation({ locationId, timeZone }: { locationId: number; timeZone: string }) {
  const { clientId } = useActiveAccount();
  const query = useQuery(locationInspectionsQuery(clientId, locationId));
  if (query.isPending) return <Text role="status">{MESSAGES.loading}</Text>;
  if (query.isError) {
    return <ErrorMessage>{failureMessage(query.error, 'Could not load the inspections.')}</ErrorMessage>;
  }
  return <LocationInspections locationId={locationId} inspections={query.data.items} timeZone={timeZone} />;
}

function RoutineInspectionsView({
  locationId,
  routine,
  timeZone,
}: {
  locationId: number;
  /** null when the location has no cadence. */
  routine: RoutineInspection | null;
  timeZone: string;
}) {
  const name = useLocationName(locationId, routine);
  return (
    <Stack>
      <DetailTitle
        title={name ?? 'Routine inspections'}
        badge={routine && <RoutineStatusBadge status={routine.status} size="lg" />}
      />
      {routine ? (
        <Section title="Routine inspections">
          <FactList facts={routineFacts(routine, timeZone)} />
        </Section>
      ) : (
        <InfoMessage>{ROUTINE_MESSAGES.notScheduled}</InfoMessage>
      )}
      <Section title="Inspections">
        <InspectionsOfLocation locationId={locationId} timeZone={timeZone} />
      </Section>
    </Stack>
  );
}

/**
 * /storm-events/routine/:locationId: a location's routine schedule (when its next inspection is
 * due) and its inspections of every kind; inspectors record a routine inspection here on site.
 */
export function RoutineInspectionsPage() {
  const { clientId } = useActiveAccount();
  const timeZone = useTimeZone();
  const locationId = Number(useParams().locationId);
  const validId = Number.isInteger(locationId) && locationId > 0;
  const query = useQuery({
    ...routineInspectionsQuery(clientId, locationId),
    enabled: validId && clientId !== undefined,
  });
  return (
    <DetailPage>
      {!validId && <ErrorMessage>{ROUTINE_MESSAGES.locationNotFound}</ErrorMessage>}
      {validId && query.isPending && <Text role="status">{MESSAGES.loading}</Text>}
      {query.isError && (
        <ErrorMessage>{failureMessage(query.error, 'Could not load the routine inspections.')}</ErrorMessage>
      )}
      {query.data && (
        <RoutineInspectionsView
          locationId={locationId}
          routine={query.data.items[0] ?? null}
          timeZone={timeZone}
        />
      )}
    </DetailPage>
  );
}
