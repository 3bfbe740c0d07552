import {
  type Inspection,
  type InspectionCreate,
  type InspectionPatch,
  inspectionSchema,
} from '@pluvio/shared/inspections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useActiveAccount } from '../../lib/account-api';
import { apiRequest } from '../../lib/api-client';
import { stormEventKeys } from '../../lib/storm-events-api';

/** POST /api/storm-events/{id}/inspections: records an inspection of the event. */
export async function recordInspection(
  clientId: number | undefined,
  eventId: number,
  body: InspectionCreate,
): Promise<Inspection> {
  return inspectionSchema.parse(
    await apiRequest(`/api/storm-events/${eventId}/inspections`, {
      method: 'POST',
      query: { client_id: clientId },
      json: body,
    }),
  );
}

/** PATCH /api/inspections/{id}: replaces what the inspection recorded (its corrective actions as a whole list). */
export async function updateInspection(
  clientId: number | undefined,
  inspectionId: number,
  body: InspectionPatch,
): Promise<Inspection> {
  return inspectionSchema.parse(
    await apiRequest(`/api/inspections/${inspectionId}`, {
      method: 'PATCH',
      query: { client_id: clientId },
      json: body,
    }),
  );
}

/** What the form saves: a new inspection of `eventId` (`inspectionId` null), or the whole of the inspection `inspectionId`. */
export interface InspectionSave {
  eventId: number;
  inspectionId: number | null;
  body: InspectionCreate;
}

/**
 * Records or saves an inspection, then reloads the account's storm events (the event turns
 * Inspected, the pending badges change).
 */
export function useSaveInspection() {
  const { clientId } = useActiveAccount();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: InspectionSave) =>
      save.inspectionId === null
        ? recordInspection(clientId, save.eventId, save.body)
        : updateInspection(clientId, save.inspectionId, save.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stormEventKeys.all(clientId) }),
  });
}
