import { Button, Stack, Text } from '@mantine/core';
import { INSPECTION_MESSAGES, type Inspection } from '@pluvio/shared/inspections';
import { earlierBmps } from '@pluvio/shared/storm-event-views';
import type { StormEventDetail } from '@pluvio/shared/storm-events-api';
import { useState } from 'react';
import { InfoMessage } from '../../components/form-message';
import { useCurrentUser } from '../../lib/session';
import { InspectionFormDialog } from './inspection-form';
import { InspectionList } from './inspection-list';
import type { InspectionTarget } from './inspections-api';

export const STILL_RAINING_NOTE = 'The storm has not ended: an inspection now does not count for it.';

/** What the dialog shows: nothing, a new inspection, or one being edited. */
type Editing = { inspection: Inspection | null } | null;

/** Superusers look at inspections but do not record them. */
function useIsInspector(): boolean {
  return !useCurrentUser()?.is_superuser;
}

interface PanelProps {
  target: InspectionTarget;
  inspections: Inspection[];
  timeZone: string;
  mayRecord: boolean;
  /** A line under the Record button. */
  note?: string | null;
  /** Each inspection says what it was made for. */
  showKind?: boolean;
}

/** Inspections, and for those who may, the button and dialog that record one of `target` or edit one. */
function InspectionsPanel({ target, inspections, timeZone, mayRecord, note, showKind }: PanelProps) {
  const [editing, setEditing] = useState<Editing>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const open = (inspection: Inspection | null) => {
    setSaved(null);
    setEditing({ inspection });
  };
  const onSaved = () => {
    setSaved(editing?.inspection ? INSPECTION_MESSAGES.saved : INSPECTION_MESSAGES.recorded);
    setEditing(null);
  };
  return (
    <Stack gap="sm">
      {saved && <InfoMessage>{saved}</InfoMessage>}
      {mayRecord && (
        <Stack gap={6} align="flex-start">
          <Button onClick={() => open(null)}>Record inspection</Button>
          {note && (
            <Text size="sm" c="dimmed">
              {note}
            </Text>
          )}
        </Stack>
      )}
      <InspectionList
        inspections={inspections}
        timeZone={timeZone}
        onEdit={mayRecord ? open : null}
        showKind={showKind}
      />
      <InspectionFormDialog
        opened={editing !== null}
        target={target}
        inspection={editing?.inspection ?? null}
        timeZone={timeZone}
        suggestions={earlierBmps(inspections)}
        onSaved={onSaved}
        onCancel={() => setEditing(null)}
      />
    </Stack>
  );
}

/** The event's inspections; a removed event needs none, so none is recorded or edited there. */
export function Inspections({ event, timeZone }: { event: StormEventDetail; timeZone: string }) {
  const isInspector = useIsInspector();
  return (
    <InspectionsPanel
      target={{ eventId: event.id }}
      inspections={event.inspections}
      timeZone={timeZone}
      mayRecord={isInspector && event.status !== 'removed'}
      note={event.ended_at === null ? STILL_RAINING_NOTE : null}
    />
  );
}

/** A location's inspections of every kind; one recorded here is a routine inspection. */
export function LocationInspections({
  locationId,
  inspections,
  timeZone,
}: {
  locationId: number;
  inspections: Inspection[];
  timeZone: string;
}) {
  const isInspector = useIsInspector();
  return (
    <InspectionsPanel
      target={{ locationId }}
      inspections={inspections}
      timeZone={timeZone}
      mayRecord={isInspector}
      showKind
    />
  );
}
