import { z } from 'zod';
import { bulkDeleteSchema, bulkDeleteWords } from './bulk-delete';
import {
  blankToNull,
  hasControlCharacters,
  INPUT_MESSAGES,
  recordStatusSchema,
  requiredTextSchema,
} from './inputs';
import { locationRainfallSchema } from './rainfall';
import { INSPECTION_RULES, locationStormFields } from './storm-events';

/** Location rules (spec part 2 §5 "Location form", §9; D7). */

export const THRESHOLDS = [0.01, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4] as const;
export const DEFAULT_THRESHOLD = 0.5;

/** The threshold dropdowns' choices ('0.5 in'); RapidRain adds one that follows the 24-hour threshold. */
export const THRESHOLD_CHOICES = THRESHOLDS.map((value) => ({ value: String(value), label: `${value} in` }));
export const SAME_AS_24H_CHOICE = { value: '', label: 'Same as 24 Hour Threshold' } as const;

export interface Range {
  min: number;
  max: number;
}

export const LATITUDE_RANGE = { form: { min: 24, max: 49 }, csv: { min: 20, max: 55 } } as const;
export const LONGITUDE_RANGE = {
  form: { min: -122, max: -66 },
  wizard: { min: -124, max: -66 },
  csv: { min: -122, max: -66 },
} as const;

/** A location's category (spec part 1 §3): a short word or two that groups locations in the pickers. */
export const CATEGORY_MAX_LENGTH = 60;

/** Locations one request may delete (Settings > Locations, Delete selected): an import's worth. */
export const LOCATIONS_PER_BULK_DELETE = 5_000;

export const LOCATION_MESSAGES = {
  nameRequired: 'Location name is required',
  latitudeRequired: 'Latitude is required',
  latitudeRange: 'Latitude must be between 24 and 49 degrees',
  longitudeRequired: 'Longitude is required',
  longitudeRange: 'Longitude must be between -122 and -66 degrees',
  wizardLongitudeRange: 'Longitude must be between -124 and -66 degrees',
  h24Threshold: '24 hour Threshold must be one of the list',
  rapidrainThreshold: 'Rapidrain Threshold must be one of the list',
  coordinatesLocked: 'The coordinates of a saved location cannot be changed. Add a new location instead.',
  trialLimit: 'Trial accounts monitor one location. Upgrade to add more locations.',
  saved: 'Successfully Updated',
  deleteConfirm: 'Are you sure you want to delete this location?',
  deleteFailed: 'An error occurred while deleting the location.',
  processed: 'All locations processed successfully!',
  notFound: 'Location not found',
  categoryTooLong: `Category must be at most ${CATEGORY_MAX_LENGTH} characters`,
} as const;

/** Longitudes in the contiguous US are west: a positive value is taken as a missing minus sign. */
export function normalizeLongitude(longitude: number): number {
  return longitude > 0 ? -longitude : longitude;
}

/** Decimals a point picked on a map keeps: about a metre, finer than any click. */
export const COORDINATE_DECIMALS = 5;

export function roundCoordinate(value: number): number {
  const scale = 10 ** COORDINATE_DECIMALS;
  return Math.round(value * scale) / scale;
}

export function isThreshold(value: number): boolean {
  return (THRESHOLDS as readonly number[]).includes(value);
}

export function inRange(value: number, range: Range): boolean {
  return value >= range.min && value <= range.max;
}

/** RapidRain compares with its own threshold, or the 24-hour one when none is set (D6). */
export function effectiveRapidrainThreshold(location: {
  h24_threshold: number;
  rapidrain_threshold: number | null;
}): number {
  return location.rapidrain_threshold ?? location.h24_threshold;
}

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

function thresholdSchema(message: string) {
  return z.coerce.number({ error: message }).refine(isThreshold, { message });
}

const latitudeSchema = z.coerce
  .number({ error: LOCATION_MESSAGES.latitudeRequired })
  .min(LATITUDE_RANGE.form.min, LOCATION_MESSAGES.latitudeRange)
  .max(LATITUDE_RANGE.form.max, LOCATION_MESSAGES.latitudeRange);

const longitudeSchema = z.coerce
  .number({ error: LOCATION_MESSAGES.longitudeRequired })
  .transform(normalizeLongitude)
  .pipe(
    z
      .number()
      .min(LONGITUDE_RANGE.form.min, LOCATION_MESSAGES.longitudeRange)
      .max(LONGITUDE_RANGE.form.max, LOCATION_MESSAGES.longitudeRange),
  );

/** Trimmed; blank or null is no category. */
export const categorySchema = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .max(CATEGORY_MAX_LENGTH, LOCATION_MESSAGES.categoryTooLong)
    .refine((value) => !hasControlCharacters(value), INPUT_MESSAGES.controlCharacters)
    .nullable(),
);

/** The categories in use, each once whatever its case, alphabetically (the form's suggestions). */
export function categoriesOf(locations: readonly { category: string | null }[]): string[] {
  const byKey = new Map<string, string>();
  for (const { category } of locations) {
    if (category && !byKey.has(category.toLowerCase())) byKey.set(category.toLowerCase(), category);
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}

const locationFields = {
  name: requiredTextSchema(LOCATION_MESSAGES.nameRequired),
  /** Left out on a patch: unchanged; null or blank: none. */
  category: categorySchema.optional(),
  latitude: z.preprocess(emptyToUndefined, latitudeSchema),
  longitude: z.preprocess(emptyToUndefined, longitudeSchema),
  h24_threshold: z.preprocess(emptyToUndefined, thresholdSchema(LOCATION_MESSAGES.h24Threshold).optional()),
  /** Empty means "same as the 24-hour threshold". */
  rapidrain_threshold: z.preprocess(
    emptyToUndefined,
    thresholdSchema(LOCATION_MESSAGES.rapidrainThreshold).optional(),
  ),
  status: recordStatusSchema.optional(),
  active: z.boolean().optional(),
  ...locationStormFields,
};

/**
 * POST /api/locations: h24_threshold defaults to 0.5, RapidRain to the 24-hour value, the storm
 * threshold to the account's default, the inspection rule to within 24 hours, no routine cadence.
 */
export const locationCreateSchema = z.object(locationFields);
export type LocationCreate = z.infer<typeof locationCreateSchema>;

/**
 * PATCH /api/locations/{id}: any of the fields. Coordinates may be sent but must equal the saved
 * ones, so they are not range-checked: an imported location may lie outside the form's range.
 */
export const locationPatchSchema = z.object({
  ...locationFields,
  name: locationFields.name.optional(),
  latitude: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: LOCATION_MESSAGES.latitudeRequired }).optional(),
  ),
  longitude: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: LOCATION_MESSAGES.longitudeRequired }).transform(normalizeLongitude).optional(),
  ),
});
export type LocationPatch = z.infer<typeof locationPatchSchema>;

export const atlas14ThresholdSchema = z.object({
  '1h': z.array(z.number()),
  '24h': z.array(z.number()),
});
export type Atlas14Threshold = z.infer<typeof atlas14ThresholdSchema>;

/** A location as the API returns it (spec part 1 §3, part 2 §3). */
export const locationSchema = z.object({
  id: z.number().int(),
  client_id: z.number().int(),
  name: z.string(),
  category: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  status: z.string(),
  active: z.boolean(),
  h24_threshold: z.number(),
  rapidrain_threshold: z.number().nullable(),
  /** Storm events (issue 28): the permit's inches in 24 hours, its inspection rule, routine days. */
  storm_threshold: z.number(),
  inspection_rule: z.enum(INSPECTION_RULES),
  routine_cadence_days: z.number().int().nullable(),
  atlas14_threshold: atlas14ThresholdSchema.nullable(),
  /** First day with rainfall data (YYYY-MM-DD). */
  data_start_date: z.string().nullable(),
  created_at: z.string(),
  ...locationRainfallSchema.shape,
});
export type Location = z.infer<typeof locationSchema>;

/** Delete selected on Settings > Locations: its confirmation, limit and outcome in words. */
export const LOCATION_BULK_DELETE = bulkDeleteWords(
  'location',
  LOCATIONS_PER_BULK_DELETE,
  'Their rainfall history, alerts and assignments are deleted with them.',
);

/** POST /api/locations/bulk-delete: the ids to delete, all of one account, at once. */
export const locationBulkDeleteSchema = bulkDeleteSchema(LOCATIONS_PER_BULK_DELETE, LOCATION_BULK_DELETE);

/** GET /api/locations/favourites: the caller's starred locations among those it sees in the account. */
export const locationFavouritesSchema = z.object({ location_ids: z.array(z.number().int()) });
export type LocationFavourites = z.infer<typeof locationFavouritesSchema>;
