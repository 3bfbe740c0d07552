import type { WetHour } from '@pluvio/shared/storm-events';
import { type AccountEvent, recordAccountEvents } from '../../core/account-events';
import type { AppDb } from '../../core/db/client';
import type { Clock } from '../../core/lib/clock';
import { DAY_MS, HOUR_MS } from '../../core/lib/time';
import { detectionChanges, EVENT_LOOKBACK_MS, restartPoint } from './storm-detection';
import {
  createStormDetectionRepository,
  type KnownHours,
  type LocationToDetect,
  type StoredStormEvent,
} from './storm-detection.repository';

/** Locations searched per transaction: short, so a one-connection database keeps answering. */
const LOCATIONS_PER_BATCH = 100;
/** A run stops after this much wall time; the next one, a minute later, starts again. */
const RUN_BUDGET_MS = 45_000;

export interface StormDetectionOptions {
  clock: Clock;
  timeZone: string;
}

export interface DetectionReport {
  locations: number;
  opened: number;
  updated: number;
  revisions: number;
}

interface Window {
  start: number;
  through: number;
  revisedFrom: number | null;
}

/** A storm event as its webhook events tell it. */
function stormEventData(location: LocationToDetect, event: StoredStormEvent): Record<string, unknown> {
  return {
    storm_event_id: event.id,
    location_id: location.id,
    location_name: location.name,
    started_at: event.startedAt.toISOString(),
    ended_at: event.endedAt?.toISOString() ?? null,
    total: event.total,
    threshold: event.threshold,
    inspection_due_at: event.dueAt?.toISOString() ?? null,
  };
}

/**
 * The `storm_event.opened` and `storm_event.closed` events of one location's changes: a new event
 * opens (and closes too when it is already over), a live one closes when it gets its end.
 */
function stormEventNews(
  location: LocationToDetect,
  inserted: readonly StoredStormEvent[],
  updates: readonly { id: number; changes: Partial<StoredStormEvent> }[],
  live: readonly StoredStormEvent[],
): AccountEvent[] {
  const news = (type: AccountEvent['type'], event: StoredStormEvent): AccountEvent => ({
    clientId: location.clientId,
    type,
    data: stormEventData(location, event),
  });
  const ended = updates.flatMap((update) => {
    const before = live.find((event) => event.id === update.id);
    if (!before || before.endedAt || !update.changes.endedAt || update.changes.removedAt) return [];
    return [news('storm_event.closed', { ...before, ...update.changes })];
  });
  return [
    ...inserted.flatMap((event) => [
      news('storm_event.opened', event),
      ...(event.endedAt ? [news('storm_event.closed', event)] : []),
    ]),
    ...ended,
  ];
}

/**
 * Storm events from the stored hourly rainfall (issue 28 point 2), run by the job worker after
 * ingestion: each location is searched from where its last search stopped, or again from
 * before a revised hour (Pass 2 replacing Pass 1), and the stored events follow what is found.
 */
export function createStormDetectionService(db: AppDb, options: StormDetectionOptions) {
  const { clock, timeZone } = options;
  const repository = createStormDetectionRepository(db);

  /** The stored events each location needs, looking further back for one longer than the lookback. */
  async function liveEvents(
    tx: ReturnType<typeof createStormDetectionRepository>,
    locations: readonly LocationToDetect[],
    window: Window,
  ) {
    const since = (location: LocationToDetect) =>
      Math.min(location.detectedThrough?.getTime() ?? window.start, window.revisedFrom ?? window.through) -
      HOUR_MS -
      EVENT_LOOKBACK_MS;
    const earliest = Math.min(...locations.map(since));
    const rows = await tx.liveEventsSince(
      locations.map((location) => location.id),
      new Date(earliest),
    );
    const byLocation = new Map<number, StoredStormEvent[]>();
    for (const row of rows) {
      const held = byLocation.get(row.locationId);
      if (held) held.push(row);
      else byLocation.set(row.locationId, [row]);
    }
    for (const location of locations) {
      const live = byLocation.get(location.id) ?? [];
      const restart = restartPoint(location, live, window);
      if (restart - DAY_MS >= earliest) continue;
      byLocation.set(
        location.id,
        await tx.liveEventsSince([location.id], new Date(restart - DAY_MS - EVENT_LOOKBACK_MS)),
      );
    }
    return byLocation;
  }

  /** Searches one batch of locations in its own transaction; answers the last location's id and what changed. */
  async function detectBatch(afterId: number, window: Window, all: boolean, report: DetectionReport) {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const txRepository = createStormDetectionRepository(tx);
      await txRepository.lock();
      const candidates = await txRepository.locationsToDetect(afterId, LOCATIONS_PER_BATCH, all);
      const batch = { batchEnd: candidates.at(-1)?.id ?? null, count: candidates.length };
      // Hours searched before wait while an earlier one is being stored again.
      const locations = candidates.filter(
        (location) => (location.detectedThrough?.getTime() ?? 0) <= window.through,
      );
      if (locations.length === 0) return batch;
      const live = await liveEvents(txRepository, locations, window);
      const restarts = new Map(
        locations.map((location) => [
          location.id,
          restartPoint(location, live.get(location.id) ?? [], window),
        ]),
      );
      const from = Math.min(...restarts.values()) - DAY_MS;
      const hours = await txRepository.wetHours(
        locations.map((location) => location.id),
        new Date(from),
        new Date(window.through),
      );
      for (const location of locations) {
        const changes = detectionChanges({
          location,
          restart: restarts.get(location.id) as number,
          through: window.through,
          hours: hours.get(location.id) ?? ([] as WetHour[]),
          live: live.get(location.id) ?? [],
          now,
          timeZone,
        });
        const inserted = await txRepository.insertEvents(changes.inserts.map((insert) => insert.event));
        const openedRevisions = changes.inserts.flatMap((insert, index) =>
          insert.revised
            ? [
                {
                  eventId: inserted[index]?.id as number,
                  change: 'opened' as const,
                  before: null,
                  after: insert.revised,
                },
              ]
            : [],
        );
        for (const update of changes.updates) await txRepository.updateEvent(update.id, update.changes);
        const news = stormEventNews(location, inserted, changes.updates, live.get(location.id) ?? []);
        await recordAccountEvents(tx, news, now);
        await txRepository.recordRevisions([...openedRevisions, ...changes.revisions], now);
        report.opened += inserted.length;
        report.updated += changes.updates.length;
        report.revisions += openedRevisions.length + changes.revisions.length;
      }
      await txRepository.markDetected(locations, new Date(window.through));
      report.locations += locations.length;
      return batch;
    });
  }

  function windowOf(known: KnownHours, revisedFrom: Date | null): Window {
    return {
      start: known.first.getTime() - HOUR_MS,
      through: known.through.getTime(),
      revisedFrom: revisedFrom?.getTime() ?? null,
    };
  }

  return {
    /**
     * Searches every location when new hours are stored (or earlier ones revised), else only the
     * locations never searched or moved since. A run cut short by its budget marks nothing seen:
     * the next one searches again, which changes nothing twice.
     */
    async detectDue(): Promise<DetectionReport> {
      const report: DetectionReport = { locations: 0, opened: 0, updated: 0, revisions: 0 };
      const known = await repository.knownHours();
      if (!known) return report;
      const unseen = await repository.unseenHours(known.through);
      const window = windowOf(known, unseen[0]?.endsAt ?? null);
      const deadline = Date.now() + RUN_BUDGET_MS;
      let afterId = 0;
      for (;;) {
        const batch = await detectBatch(afterId, window, unseen.length > 0, report);
        if (batch.batchEnd === null || batch.count < LOCATIONS_PER_BATCH) break;
        afterId = batch.batchEnd;
        if (Date.now() >= deadline) return report;
      }
      await db.transaction(async (tx) => {
        const txRepository = createStormDetectionRepository(tx);
        await txRepository.lock();
        await txRepository.markSeen(unseen, known.first);
      });
      return report;
    },
  };
}

export type StormDetectionService = ReturnType<typeof createStormDetectionService>;
