import { z } from 'zod';
import { idParamSchema, paragraphsSchema, requiredTextSchema, textSchema } from './inputs';
import { countLabel, plural } from './words';

/** A storm event's inspection as inspectors record it (issue 28 point 4): who, when, BMPs, findings, corrective actions. */

export const INSPECTION_LIMITS = {
  bmps: 50,
  bmpName: 100,
  text: 5000,
  actions: 50,
  action: 1000,
} as const;

export const INSPECTION_MESSAGES = {
  notFound: 'Inspection not found',
  inspectedAt:
    'Give the time of the inspection as a date and time with its offset (2026-11-21T14:30:00-05:00)',
  future: 'The inspection time must not be in the future',
  beforeEvent: 'An inspection cannot be made before its storm started',
  removed: 'NOAA revised the rainfall of this event: it needs no inspection',
  editors: "Only the account's owners, co-owners and the location's assigned contacts can record inspections",
  bmps: `List at most ${INSPECTION_LIMITS.bmps} BMPs`,
  actions: `List at most ${INSPECTION_LIMITS.actions} corrective actions`,
  action: 'Describe the corrective action',
  actionNotFound: 'Corrective action not found in this inspection',
  dueOn: 'Corrective action due dates are written YYYY-MM-DD',
  recorded: 'Inspection recorded.',
  saved: 'Inspection saved.',
};

const correctiveActionInput = z.object({
  /** An action already recorded keeps its id (and its completion time while it stays completed). */
  id: z.number().int().positive().optional(),
  description: requiredTextSchema(INSPECTION_MESSAGES.action, INSPECTION_LIMITS.action),
  due_on: z.iso.date({ error: INSPECTION_MESSAGES.dueOn }).nullable().optional(),
  completed: z.boolean().optional(),
});

const inspectionFields = {
  inspected_at: z.iso.datetime({ offset: true, error: INSPECTION_MESSAGES.inspectedAt }),
  bmps: z
    .array(textSchema(INSPECTION_LIMITS.bmpName).min(1))
    .max(INSPECTION_LIMITS.bmps, INSPECTION_MESSAGES.bmps),
  findings: paragraphsSchema(INSPECTION_LIMITS.text),
  notes: paragraphsSchema(INSPECTION_LIMITS.text),
  corrective_actions: z
    .array(correctiveActionInput)
    .max(INSPECTION_LIMITS.actions, INSPECTION_MESSAGES.actions),
};

/** POST /api/storm-events/{id}/inspections: the time is required, the rest may be left out. */
export const inspectionCreateSchema = z.object({
  inspected_at: inspectionFields.inspected_at,
  bmps: inspectionFields.bmps.default([]),
  findings: inspectionFields.findings.default(''),
  notes: inspectionFields.notes.default(''),
  corrective_actions: inspectionFields.corrective_actions.default([]),
});
export type InspectionCreate = z.infer<typeof inspectionCreateSchema>;

/** PATCH /api/inspections/{id}: what is given replaces what was recorded (the corrective actions as a whole list). */
export const inspectionPatchSchema = z.object({
  inspected_at: inspectionFields.inspected_at.optional(),
  bmps: inspectionFields.bmps.optional(),
  findings: inspectionFields.findings.optional(),
  notes: inspectionFields.notes.optional(),
  corrective_actions: inspectionFields.corrective_actions.optional(),
});
export type InspectionPatch = z.infer<typeof inspectionPatchSchema>;

/**
 * Photos of an inspection (issue 28 point 4): JPEG, PNG or HEIC/HEIF, told by their content, each
 * at most 10 MB, 20 to an inspection, all of an account's within its quota (a server setting).
 */
export const PHOTO_LIMITS = {
  megabytes: 10,
  bytes: 10 * 1024 * 1024,
  perInspection: 20,
  quotaMegabytesDefault: 2048,
} as const;

/** What the photo picker accepts (phones open the camera for it). */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/heic,image/heif';

/** Multipart field names: the inspection as JSON text, and one file part per photo. */
export const PHOTO_FIELDS = { inspection: 'inspection', photos: 'photos' } as const;

export const PHOTO_MESSAGES = {
  notFound: 'Photo not found',
  kind: (fileName: string) => `${fileName} is not a JPEG, PNG or HEIC photo. Nothing was saved.`,
  tooLarge: `A photo may be at most ${PHOTO_LIMITS.megabytes} MB. Nothing was saved.`,
  perInspection: (existing: number, adding: number) =>
    `An inspection holds at most ${plural(PHOTO_LIMITS.perInspection, 'photo')}; it has ${countLabel(existing)} and ${plural(adding, 'photo')} were sent. Nothing was saved.`,
  /** More files in one request than the multipart parser reads: their number is not known. */
  tooManyInRequest: `An inspection holds at most ${plural(PHOTO_LIMITS.perInspection, 'photo')}; more were sent. Nothing was saved.`,
  quota: (megabytes: number) =>
    `This account's photos would go over its quota of ${countLabel(megabytes)} MB. Remove photos before adding more. Nothing was saved.`,
  noPhotos: `Send the photos as file parts named "${PHOTO_FIELDS.photos}"`,
  inspectionField: `Send the inspection as JSON text in the field "${PHOTO_FIELDS.inspection}"`,
  unexpectedField: (name: string) =>
    `Unexpected field "${name}": send "${PHOTO_FIELDS.inspection}" (JSON) and "${PHOTO_FIELDS.photos}" (files)`,
  added: (count: number) => `${plural(count, 'photo')} added.`,
  removed: 'Photo removed.',
};

export const inspectionPhotoSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  content_type: z.string(),
  bytes: z.number().int(),
  /** When the camera took it (EXIF), if it says. */
  taken_at: z.string().nullable(),
  /** Where the camera was (EXIF GPS), if it says. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** False when no preview could be made of it (the original is kept and served all the same). */
  thumbnail_ready: z.boolean(),
  uploaded_by: z.object({ user_id: z.number().int().nullable(), name: z.string() }),
  uploaded_at: z.string(),
});
export type InspectionPhoto = z.infer<typeof inspectionPhotoSchema>;

/** GET /api/inspections/{id}/photos/{photo_id}: the original, or with `size=thumbnail` its 320 px JPEG preview. */
export const photoQuerySchema = z.object({ size: z.enum(['original', 'thumbnail']).default('original') });
export const photoParamsSchema = z.object({ id: idParamSchema, photo_id: idParamSchema });

export const correctiveActionSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  due_on: z.string().nullable(),
  completed_at: z.string().nullable(),
});

export const inspectionSchema = z.object({
  id: z.number().int(),
  /** The storm event it was made for; null for a routine inspection. */
  event_id: z.number().int().nullable(),
  location_id: z.number().int(),
  client_id: z.number().int(),
  /** Who recorded it, as named when it was recorded. */
  inspector: z.object({ user_id: z.number().int().nullable(), name: z.string() }),
  inspected_at: z.string(),
  /** Only an inspection at or after the event's end satisfies the permit for it. */
  counts_for_event: z.boolean(),
  bmps: z.array(z.string()),
  findings: z.string(),
  notes: z.string(),
  corrective_actions: z.array(correctiveActionSchema),
  photos: z.array(inspectionPhotoSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Inspection = z.infer<typeof inspectionSchema>;
