import { z } from 'zod';
import { idParamSchema, idValueSchema } from './inputs';
import { inspectionCreateSchema, inspectionSchema } from './inspections';
import { clientIdQuerySchema } from './lists';

/**
 * Routine inspections (issue 28 point 3): a location with a cadence (every 7 or 14 days) is due
 * for one by the end of the day that many calendar days after its last inspection of any kind,
 * a storm's included, or after the day its cadence was set when none has been made since.
 */

/** Contacts hear that a routine inspection is due at this hour of its due day (product time zone). */
export const ROUTINE_NOTICE_HOUR = 6;

export const ROUTINE_STATUSES = ['due', 'overdue'] as const;
export type RoutineStatus = (typeof ROUTINE_STATUSES)[number];

export const ROUTINE_STATUS_LABELS: Record<RoutineStatus, string> = {
  due: 'Routine due',
  overdue: 'Routine overdue',
};

export const ROUTINE_MESSAGES = {
  none: 'No location has routine inspections. Set a cadence (every 7 or 14 days) on a location to schedule them.',
  notScheduled: 'This location has no routine inspections: set a cadence on it to schedule them.',
  locationNotFound: 'Location not found',
};

/** GET /api/routine-inspections: the account's locations with a cadence, or one of them. */
export const routineInspectionListQuerySchema = clientIdQuerySchema.extend({
  location_id: idParamSchema.optional(),
});
export type RoutineInspectionListQuery = z.infer<typeof routineInspectionListQuerySchema>;

export const routineInspectionSchema = z.object({
  location_id: z.number().int(),
  location_name: z.string(),
  cadence_days: z.number().int(),
  /** When the cadence was set: the clock's start until an inspection is made. */
  since: z.string(),
  /** The location's latest inspection of any kind. */
  last_inspection: z
    .object({ id: z.number().int(), inspected_at: z.string(), inspector_name: z.string() })
    .nullable(),
  /** The end of the due day in the product time zone. */
  due_at: z.string(),
  status: z.enum(ROUTINE_STATUSES),
});
export type RoutineInspection = z.infer<typeof routineInspectionSchema>;

export const routineInspectionListSchema = z.object({ items: z.array(routineInspectionSchema) });
export type RoutineInspectionList = z.infer<typeof routineInspectionListSchema>;

/** POST /api/inspections: an inspection of a location not tied to a storm event (a routine one). */
export const routineInspectionCreateSchema = inspectionCreateSchema.extend({ location_id: idValueSchema });
export type RoutineInspectionCreate = z.infer<typeof routineInspectionCreateSchema>;

/** GET /api/inspections?location_id=: the location's latest inspections of every kind, newest first. */
export const LOCATION_INSPECTIONS_LIMIT = 100;

export const locationInspectionsQuerySchema = clientIdQuerySchema.extend({ location_id: idParamSchema });

export const inspectionListSchema = z.object({ items: z.array(inspectionSchema) });
export type InspectionList = z.infer<typeof inspectionListSchema>;
