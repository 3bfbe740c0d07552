import type { Inspection, InspectionPatch, InspectionPhoto } from '@pluvio/shared/inspections';
import { INSPECTION_MESSAGES } from '@pluvio/shared/inspections';
import type { AccountAccess } from '../../core/access';
import { invalidField } from '../../core/lib/errors';
import type {
  ActionChange,
  CorrectiveActionRow,
  InspectionPhotoRow,
  InspectionRecord,
} from './inspections.repository';

/** How inspections are shown and what their saves change: shared by the service and the storm events' pages. */

type ActionInput = NonNullable<InspectionPatch['corrective_actions']>[number];

export function presentPhoto(photo: InspectionPhotoRow): InspectionPhoto {
  return {
    id: photo.id,
    file_name: photo.fileName,
    content_type: photo.contentType,
    bytes: photo.bytes,
    taken_at: photo.takenAt?.toISOString() ?? null,
    latitude: photo.latitude,
    longitude: photo.longitude,
    thumbnail_ready: photo.thumbnailReady,
    uploaded_by: { user_id: photo.uploadedByUserId, name: photo.uploadedByName },
    uploaded_at: photo.uploadedAt.toISOString(),
  };
}

/** What the audit log names of an inspection's photos. */
export const photoNames = (photos: readonly InspectionPhotoRow[]) =>
  photos.map((photo) => ({ id: photo.id, file_name: photo.fileName }));

export function presentInspection(record: InspectionRecord): Inspection {
  const { inspection, event } = record;
  return {
    id: inspection.id,
    event_id: event?.id ?? null,
    location_id: record.locationId,
    client_id: record.clientId,
    inspector: { user_id: inspection.inspectorUserId, name: inspection.inspectorName },
    inspected_at: inspection.inspectedAt.toISOString(),
    counts_for_event: event?.endedAt != null && inspection.inspectedAt >= event.endedAt,
    bmps: inspection.bmps,
    findings: inspection.findings,
    notes: inspection.notes,
    corrective_actions: record.actions.map((action) => ({
      id: action.id,
      description: action.description,
      due_on: action.dueOn,
      completed_at: action.completedAt?.toISOString() ?? null,
    })),
    photos: record.photos.map(presentPhoto),
    created_at: inspection.createdAt.toISOString(),
    updated_at: inspection.updatedAt.toISOString(),
  };
}

/** The inspector's name as the record keeps it: the user's name, or their e-mail address. */
export function inspectorName(access: AccountAccess): string {
  const name = `${access.user.firstName} ${access.user.lastName}`.trim();
  return name || access.user.email;
}

/**
 * How the saved list of corrective actions follows the list sent: an action sent with its id
 * is changed (keeping its completion time while it stays completed), one without is added, a
 * saved one left out is removed. An id the inspection does not have is refused.
 */
export function actionChange(
  saved: readonly CorrectiveActionRow[],
  sent: readonly ActionInput[],
  now: Date,
): ActionChange {
  const byId = new Map(saved.map((action) => [action.id, action]));
  const completedAt = (input: ActionInput, before?: CorrectiveActionRow) =>
    input.completed ? (before?.completedAt ?? now) : null;
  const values = (input: ActionInput, before?: CorrectiveActionRow) => ({
    description: input.description,
    dueOn: input.due_on ?? null,
    completedAt: completedAt(input, before),
  });
  for (const input of sent) {
    if (input.id !== undefined && !byId.has(input.id)) {
      throw invalidField(['body', 'corrective_actions'], INSPECTION_MESSAGES.actionNotFound);
    }
  }
  const keptIds = new Set(sent.flatMap((input) => (input.id === undefined ? [] : [input.id])));
  return {
    kept: sent.flatMap((input) =>
      input.id === undefined ? [] : [{ id: input.id, ...values(input, byId.get(input.id)) }],
    ),
    added: sent.filter((input) => input.id === undefined).map((input) => values(input)),
    removed: saved.filter((action) => !keptIds.has(action.id)).map((action) => action.id),
  };
}
