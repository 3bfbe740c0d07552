import { z } from 'zod';
import { paragraphsSchema, requiredTextSchema, textSchema } from './inputs';

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

export const correctiveActionSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  due_on: z.string().nullable(),
  completed_at: z.string().nullable(),
});

export const inspectionSchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
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
  created_at: z.string(),
  updated_at: z.string(),
});
export type Inspection = z.infer<typeof inspectionSchema>;
