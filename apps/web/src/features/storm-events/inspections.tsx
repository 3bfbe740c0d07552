import { Button, Stack, Text } from '@mantine/core';
import { INSPECTION_MESSAGES, type Inspection } from '@pluvio/shared/inspections';
import { earlierBmps } from '@pluvio/shared/storm-event-views';
import type { StormEventDetail } from '@pluvio/shared/storm-events-api';
import { useState } from 'react';
import { InfoMessage } from '../../components/form-message';
import { useCurrentUser } from '../../lib/session';
import { InspectionFormDialog } from './inspection-form';
import { InspectionList } from './inspection-list';

export const STILL_RAINING_NOTE = 'The storm has not ended: an inspection now does not count for it.';

/** What the dialog shows: nothing, a new inspection, or one being edited. */
type Editing = { inspection: Inspection | null } | null;

/** Superusers cannot record inspections, and a removed event needs none. */
function useMayRecord(event: StormEventDetail): boolean {
  const user = useCurrentUser();
  return event.status !== 'removed' && !user?.is_superuser;
}

/** The event's inspections, and for those who may, the button and dialog that record or edit one. */
export function Inspections({ event, timeZone }: { event: StormEventDetail; timeZone: string }) {
  const mayRecord = useMayRecord(event);
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
          {event.ended_at === null && (
            <Text size="sm" c="dimmed">
              {STILL_RAINING_NOTE}
            </Text>
          )}
        </Stack>
      )}
      <InspectionList inspections={event.inspections} timeZone={timeZone} onEdit={mayRecord ? open : null} />
      <InspectionFormDialog
        opened={editing !== null}
        eventId={event.id}
        inspection={editing?.inspection ?? null}
        timeZone={timeZone}
        suggestions={earlierBmps(event.inspections)}
        onSaved={onSaved}
        onCancel={() => setEditing(null)}
      />
    </Stack>
  );
}
