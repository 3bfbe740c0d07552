import {
  type Inspection,
  type InspectionCreate,
  type InspectionPatch,
  inspectionSchema,
  PHOTO_FIELDS,
} from '@pluvio/shared/inspections';
import {
  type InspectionList,
  inspectionListSchema,
  type RoutineInspectionCreate,
} from '@pluvio/shared/routine-inspections';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useActiveAccount } from '../../lib/account-api';
import { apiRequest } from '../../lib/api-client';
import { stormEventKeys } from '../../lib/storm-events-api';

/** What a new inspection is made for: a storm event, or a location (a routine inspection). */
export type InspectionTarget = { eventId: number } | { locationId: number };

/** Photos as file parts of a multipart form, after the inspection's JSON when there is one. */
function photoFormData(photos: File[], inspection?: InspectionCreate | RoutineInspectionCreate): FormData {
  const form = new FormData();
  if (inspection) form.append(PHOTO_FIELDS.inspection, JSON.stringify(inspection));
  for (const photo of photos) form.append(PHOTO_FIELDS.photos, photo, photo.name);
  return form;
}

/**
 * Where a new inspection of `target` is posted, and its body: an event's to
 * /api/storm-events/{id}/inspections, a location's to /api/inspections with the location's id.
 */
function recordRequest(target: InspectionTarget, body: InspectionCreate) {
  if ('eventId' in target) return { path: `/api/storm-events/${target.eventId}/inspections`, body };
  return { path: '/api/inspections', body: { ...body, location_id: target.locationId } };
}

/** Records an inspection of an event or a location, with its photos (multipart) when there are any. */
export async function recordInspection(
  clientId: number | undefined,
  target: InspectionTarget,
  inspection: InspectionCreate,
  photos: File[] = [],
): Promise<Inspection> {
  const { path, body } = recordRequest(target, inspection);
  return inspectionSchema.parse(
    await apiRequest(path, {
      method: 'POST',
      query: { client_id: clientId },
      ...(photos.length > 0 ? { formData: photoFormData(photos, body) } : { json: body }),
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

/** POST /api/inspections/{id}/photos: adds photos to an inspection. */
export async function addPhotos(clientId: number | undefined, inspectionId: number, photos: File[]) {
  return inspectionSchema.parse(
    await apiRequest(`/api/inspections/${inspectionId}/photos`, {
      method: 'POST',
      query: { client_id: clientId },
      formData: photoFormData(photos),
    }),
  );
}

/** DELETE /api/inspections/{id}/photos/{photo_id}: removes a photo of an inspection. */
export async function removePhoto(clientId: number | undefined, inspectionId: number, photoId: number) {
  return inspectionSchema.parse(
    await apiRequest(`/api/inspections/${inspectionId}/photos/${photoId}`, {
      method: 'DELETE',
      query: { client_id: clientId },
    }),
  );
}

/** What the form saves: a new inspection of `target` (`inspectionId` null), or the whole of the inspection `inspectionId`, and its photos' changes. */
export interface InspectionSave {
  target: InspectionTarget;
  inspectionId: number | null;
  body: InspectionCreate;
  /** Photos chosen in the form, to add. */
  addedPhotos: File[];
  /** Saved photos taken out in the form, to remove. */
  removedPhotoIds: number[];
}

/** An edited inspection: its fields, then its photos removed, then those added (so the 20 have room). */
async function saveEdited(clientId: number | undefined, inspectionId: number, save: InspectionSave) {
  let saved = await updateInspection(clientId, inspectionId, save.body);
  for (const photoId of save.removedPhotoIds) saved = await removePhoto(clientId, inspectionId, photoId);
  if (save.addedPhotos.length > 0) saved = await addPhotos(clientId, inspectionId, save.addedPhotos);
  return saved;
}

/**
 * Records or saves an inspection, then reloads the account's storm events, routine schedule and
 * inspection lists (the event turns Inspected, the routine due date moves, the badges change).
 */
export function useSaveInspection() {
  const { clientId } = useActiveAccount();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: InspectionSave) =>
      save.inspectionId === null
        ? recordInspection(clientId, save.target, save.body, save.addedPhotos)
        : saveEdited(clientId, save.inspectionId, save),
    onSettled: () => queryClient.invalidateQueries({ queryKey: stormEventKeys.all(clientId) }),
  });
}

/** GET /api/inspections?location_id=: the location's latest inspections of every kind, newest first. */
export function locationInspectionsQuery(clientId: number | undefined, locationId: number) {
  return queryOptions({
    queryKey: stormEventKeys.locationInspections(clientId, locationId),
    queryFn: async (): Promise<InspectionList> =>
      inspectionListSchema.parse(
        await apiRequest('/api/inspections', { query: { client_id: clientId, location_id: locationId } }),
      ),
    enabled: clientId !== undefined,
  });
}
