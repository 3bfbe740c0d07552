import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Inspection } from '@pluvio/shared/inspections';
import { stormEventPath } from '@pluvio/shared/navigation';
import { actionDueLabel, stormTimeLabel } from '@pluvio/shared/storm-event-views';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PaleBadge } from '../../components/storm-status-badge';
import { PhotoGallery } from './inspection-photos';

export const NOT_COUNTED = 'Made before the storm ended: it does not count for this event';
export const ROUTINE_KIND = 'Routine inspection';
export const STORM_KIND = 'After the storm event';

/** What an inspection was made for, in a list holding both kinds: a storm event (a link to it) or the routine schedule. */
function InspectionKind({ eventId }: { eventId: number | null }) {
  if (eventId === null) return <Text size="sm">{ROUTINE_KIND}</Text>;
  return (
    <Anchor component={Link} to={stormEventPath(eventId)} size="sm">
      {STORM_KIND}
    </Anchor>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function CorrectiveActions({ actions }: { actions: Inspection['corrective_actions'] }) {
  return (
    <Stack
      component="ul"
      gap={6}
      aria-label="Corrective actions"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {actions.map((action) => (
        <Group component="li" key={action.id} gap="xs" wrap="nowrap" align="flex-start">
          <PaleBadge color={action.completed_at ? 'green' : 'orange'} miw={56}>
            {action.completed_at ? 'Done' : 'Open'}
          </PaleBadge>
          <div style={{ minWidth: 0 }}>
            <Text style={{ overflowWrap: 'anywhere' }}>{action.description}</Text>
            {action.due_on && (
              <Text size="sm" c="dimmed">
                {actionDueLabel(action.due_on)}
              </Text>
            )}
          </div>
        </Group>
      ))}
    </Stack>
  );
}

interface ListOptions {
  timeZone: string;
  /** null when the user cannot change them. */
  onEdit: ((inspection: Inspection) => void) | null;
  /** Each inspection says what it was made for (a location's list holds storm and routine ones). */
  showKind?: boolean;
}

function InspectionItem({
  inspection,
  timeZone,
  onEdit,
  showKind = false,
}: ListOptions & { inspection: Inspection }) {
  const when = stormTimeLabel(inspection.inspected_at, timeZone);
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={`Inspection of ${when}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <div>
            <Text fw={600}>{when}</Text>
            <Text size="sm" c="dimmed">
              by {inspection.inspector.name}
            </Text>
            {showKind && <InspectionKind eventId={inspection.event_id} />}
          </div>
          {onEdit && (
            <Button
              variant="default"
              size="compact-sm"
              aria-label={`Edit the inspection of ${when}`}
              onClick={() => onEdit(inspection)}
            >
              Edit
            </Button>
          )}
        </Group>
        {inspection.event_id !== null && !inspection.counts_for_event && (
          <Text size="sm" c="red.9">
            {NOT_COUNTED}
          </Text>
        )}
        <Stack component="dl" gap="xs" m={0}>
          <Detail term="BMPs inspected">{inspection.bmps.join(', ') || 'None listed'}</Detail>
          {inspection.findings && <Detail term="Findings">{inspection.findings}</Detail>}
          {inspection.notes && <Detail term="Notes">{inspection.notes}</Detail>}
          <Detail term="Corrective actions">
            {inspection.corrective_actions.length > 0 ? (
              <CorrectiveActions actions={inspection.corrective_actions} />
            ) : (
              'None'
            )}
          </Detail>
          {inspection.photos.length > 0 && (
            <Detail term="Photos">
              <PhotoGallery inspectionId={inspection.id} photos={inspection.photos} timeZone={timeZone} />
            </Detail>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** The inspections in the order given, each with its details and, for those who may, an Edit button. */
export function InspectionList({ inspections, ...options }: ListOptions & { inspections: Inspection[] }) {
  if (inspections.length === 0) return <Text c="dimmed">No inspection recorded yet.</Text>;
  return (
    <Stack
      component="ul"
      gap="sm"
      aria-label="Inspections"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {inspections.map((inspection) => (
        <InspectionItem key={inspection.id} inspection={inspection} {...options} />
      ))}
    </Stack>
  );
}
