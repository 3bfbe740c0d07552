import { checkLocationRow, type LocationImportRow } from '@pluvio/shared/csv-import';
import { levelAllows } from '@pluvio/shared/gates';
import { LOCATION_MESSAGES, type LocationPatch, normalizeLongitude } from '@pluvio/shared/locations';
import { MESSAGES } from '@pluvio/shared/messages';
import { STORM_SETTINGS_DEFAULTS } from '@pluvio/shared/storm-events';
import type { AccountAccess } from '../../core/access';
import { forbidden, invalidField } from '../../core/lib/errors';
import { requireValidRows } from '../../core/lib/import-checks';
import type { LocationRow } from '../../core/tables/locations';
import type { Atlas14Answer } from '../atlas14';
import type { CheckedCandidate } from './locations.repository';

/** The stored form of a source's answer, or none yet (asked in the background). */
export const atlas14Columns = (answer: Atlas14Answer | undefined) => ({
  atlas14Threshold: answer?.depths ?? null,
  atlas14Source: answer?.source ?? null,
});

/** Saved coordinates are compared after a round trip through JSON and the schema. */
const COORDINATE_TOLERANCE = 1e-9;

/** Below silver the RapidRain threshold is the 24-hour one; a different one is refused. */
export function requireRapidrainAllowed(
  access: AccountAccess,
  h24: number,
  rapidrain: number | undefined,
): void {
  if (rapidrain !== undefined && rapidrain !== h24 && !levelAllows(access.tier, 'rapidrainThreshold')) {
    throw forbidden(MESSAGES.tierTooLow);
  }
}

/** Coordinates of a saved location cannot change (the form shows them disabled). */
export function requireSameCoordinates(saved: LocationRow, patch: LocationPatch): void {
  for (const field of ['latitude', 'longitude'] as const) {
    const sent = patch[field];
    if (sent !== undefined && Math.abs(sent - saved[field]) > COORDINATE_TOLERANCE) {
      throw invalidField(['body', field], LOCATION_MESSAGES.coordinatesLocked);
    }
  }
}

/** The new 24-hour and RapidRain thresholds of a patch, with the tier rule applied. */
export function patchedThresholds(access: AccountAccess, saved: LocationRow, patch: LocationPatch) {
  const h24 = patch.h24_threshold ?? saved.h24Threshold;
  requireRapidrainAllowed(access, h24, patch.rapidrain_threshold);
  if (patch.rapidrain_threshold !== undefined) {
    return { h24Threshold: h24, rapidrainThreshold: patch.rapidrain_threshold };
  }
  const follows = patch.h24_threshold !== undefined && !levelAllows(access.tier, 'rapidrainThreshold');
  return follows ? { h24Threshold: h24, rapidrainThreshold: h24 } : { h24Threshold: h24 };
}

/** The storm settings a create or patch gives, as columns; those left out stay undefined (issue 28). */
export function stormColumns(input: LocationPatch) {
  return {
    stormThreshold: input.storm_threshold,
    inspectionRule: input.inspection_rule,
    routineCadenceDays: input.routine_cadence_days,
  };
}

/** A new or changed routine cadence starts its clock again at `now`; an unchanged one keeps it. */
export function routineRestart(saved: LocationRow, patch: LocationPatch, now: Date) {
  const changed =
    patch.routine_cadence_days !== undefined && patch.routine_cadence_days !== saved.routineCadenceDays;
  return changed ? { routineSince: now } : {};
}

/** The import's rows as candidates to insert; a row against the CSV rules refuses the whole import (422). */
export function checkImportRows(rows: LocationImportRow[]) {
  return requireValidRows(rows, (source, seq) => {
    const message = checkLocationRow(source);
    if (message) return message;
    const candidate: CheckedCandidate = {
      seq,
      name: source.name.trim(),
      category: source.category ?? null,
      latitude: source.latitude,
      longitude: normalizeLongitude(source.longitude),
      h24Threshold: source.h24_threshold,
      rapidrainThreshold: source.rapidrain_threshold,
      // Left out: the account's default threshold, within 24 hours, no routine inspections.
      stormThreshold: source.storm_threshold ?? null,
      inspectionRule: source.inspection_rule ?? STORM_SETTINGS_DEFAULTS.inspection_rule,
      routineCadenceDays: source.routine_cadence_days ?? null,
    };
    return { source, candidate };
  });
}
