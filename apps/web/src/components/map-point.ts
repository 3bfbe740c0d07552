import { normalizeLongitude } from '@pluvio/shared/locations';
import type { z } from 'zod';

export interface MapPoint {
  latitude: number;
  longitude: number;
}

export interface PointPicking {
  /** The form's rule for its coordinates; a point it refuses is not taken, and its message shows. */
  coverage: z.ZodType;
  onPick(point: MapPoint): void;
}

/** The point the fields name, or null while either is empty or not a number. */
export function pointOf(latitude: string, longitude: string): MapPoint | null {
  if (latitude.trim() === '' || longitude.trim() === '') return null;
  const point = { latitude: Number(latitude), longitude: normalizeLongitude(Number(longitude)) };
  return Number.isFinite(point.latitude) && Number.isFinite(point.longitude) ? point : null;
}

/** The first message the coverage rule gives for the point, or null when it takes it. */
export function refusalOf(coverage: z.ZodType, point: MapPoint): string | null {
  const parsed = coverage.safeParse(point);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}
