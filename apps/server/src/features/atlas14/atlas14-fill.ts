import type { Atlas14Threshold, LocationPoint } from '../../core/tables/locations';
import type { Atlas14Service } from './atlas14.service';

/** Locations awaiting Atlas 14 depths are read this many at a time. */
const ATLAS14_BATCH = 500;
/** Answers are stored after this many locations, so a long run's work is kept as it goes. */
const ATLAS14_STORE_EVERY = 20;
/** A fill run stops after this long (the job runs every minute and goes on where it stopped). */
const ATLAS14_RUN_MS = 50_000;
/** Failures in a row that mean the source is down, not that one point is odd: the run stops. */
const ATLAS14_FAILURES_IN_A_ROW = 3;

/** A frequency source's answer for a location: its depths, or null outside Atlas 14. */
export interface Atlas14Fill {
  id: number;
  atlas14Threshold: Atlas14Threshold | null;
  atlas14Source: string;
}

/** The locations the fill works through and where it stores their answers (the locations feature's). */
export interface Atlas14Targets {
  awaitingAtlas14(source: string, after: number, limit: number): Promise<LocationPoint[]>;
  fillAtlas14(fills: Atlas14Fill[]): Promise<void>;
}

/**
 * Gives every location that the configured frequency source has not answered for its
 * answer: depths, or none outside Atlas 14 (at start, every minute, after a location is
 * saved, after the demo seed). Locations whose depths came from another source keep them
 * until then. A location the source fails for is left for the next run; a run stops after
 * ATLAS14_FAILURES_IN_A_ROW failures in a row (an outage) or after ATLAS14_RUN_MS.
 * Answers how many locations it filled, and the last failure.
 */
export function createAtlas14Fill(
  repository: Atlas14Targets,
  atlas14: Pick<Atlas14Service, 'sourceName' | 'answer'>,
) {
  return async function fillAtlas14(): Promise<{ filled: number; failure: string | null }> {
    const started = Date.now();
    const fills: Atlas14Fill[] = [];
    let filled = 0;
    let failure: string | null = null;
    let failuresInARow = 0;
    const goesOn = () => Date.now() - started <= ATLAS14_RUN_MS && failuresInARow < ATLAS14_FAILURES_IN_A_ROW;
    const store = async () => {
      filled += fills.length;
      await repository.fillAtlas14(fills.splice(0));
    };
    let batch = await repository.awaitingAtlas14(atlas14.sourceName, 0, ATLAS14_BATCH);
    while (batch.length > 0 && goesOn()) {
      for (const location of batch) {
        if (!goesOn()) break;
        try {
          const answer = await atlas14.answer(location);
          fills.push({ id: location.id, atlas14Threshold: answer.depths, atlas14Source: answer.source });
          failuresInARow = 0;
        } catch (error) {
          failure = error instanceof Error ? error.message : String(error);
          failuresInARow += 1;
        }
        if (fills.length >= ATLAS14_STORE_EVERY) await store();
      }
      const after = batch[batch.length - 1]?.id ?? 0;
      batch = goesOn() ? await repository.awaitingAtlas14(atlas14.sourceName, after, ATLAS14_BATCH) : [];
    }
    await store();
    return { filled, failure };
  };
}
