import type { AppDb } from '../core/db/client';
import { stormEvents } from '../core/tables/storm-events';

const HOUR = 3_600_000;
const hoursFrom = (time: Date, hours: number) => new Date(time.getTime() + hours * HOUR);

type StormEventValues = typeof stormEvents.$inferInsert;

/**
 * Stores a storm event as detection would have: 0.6 in over the five hours up to `endedAt`, its
 * wettest hour (0.3 in) three hours before the end, due 24 hours after the end, found two hours
 * after it. Any other value is given with the rest.
 */
export async function insertStormEvent(
  db: AppDb,
  event: Pick<StormEventValues, 'locationId'> & Partial<StormEventValues> & { endedAt: Date },
): Promise<number> {
  const end = event.endedAt;
  const [row] = await db
    .insert(stormEvents)
    .values({
      startedAt: hoursFrom(end, -5),
      openedAt: hoursFrom(end, -3),
      total: 0.6,
      wettestHourEndsAt: hoursFrom(end, -3),
      wettestHourAmount: 0.3,
      passes: [1],
      sources: ['mrms'],
      threshold: 0.25,
      inspectionRule: 'within_24h',
      dueAt: hoursFrom(end, 24),
      detectedAt: hoursFrom(end, 2),
      ...event,
    })
    .returning();
  return row?.id as number;
}

/** An inspection with every field of the form filled in, as the web app sends it. */
export function fullInspection(inspectedAt: string, findings = 'Silt fence sagging at the NE corner.') {
  return {
    inspected_at: inspectedAt,
    bmps: ['Silt fence, north side', 'Inlet protection'],
    findings,
    notes: 'Crew informed.',
    corrective_actions: [{ description: 'Re-stake the silt fence', due_on: '2026-11-12' }],
  };
}
