import { type JobDefinition, RETRIED_WHEN_ITS_WORKER_DIES } from '../../core/jobs/queue';
import type { Logger } from '../../core/lib/log';
import type { HistoryFillService } from './history-fill.service';
import type { IngestionService, IngestReport } from './ingestion.service';
import type { PastRainfallAsk, PastRainfallService } from './past-rainfall.service';

export const INGEST_RAINFALL = 'rainfall.ingest';
export const CATCH_UP_RAINFALL = 'rainfall.catch-up';
export const FILL_LOCATION_HISTORY = 'rainfall.fill-location-history';
export const PRODUCE_PAST_RAINFALL = 'rainfall.produce-past';

const PROGRESS_EVERY_MS = 10_000;

/** The start's catch-up says how far it got every 10 s and when it is done, for whoever watches the log. */
async function catchUpWithProgress(ingestion: IngestionService, log: Logger) {
  const started = Date.now();
  let lastSaid = started;
  const seconds = () => Math.round((Date.now() - started) / 1000);
  const report = await ingestion.catchUp((sofar: IngestReport) => {
    if (Date.now() - lastSaid < PROGRESS_EVERY_MS) return;
    lastSaid = Date.now();
    log.info(`Rainfall catch-up: ${sofar.done} fields stored in ${seconds()} s, still going`);
  });
  const failed = report.failed > 0 ? `; ${report.failed} failed and will be tried again` : '';
  log.info(`Rainfall catch-up done: ${report.done} fields stored in ${seconds()} s${failed}`);
}

/**
 * Rainfall ingestion: the due fields every 15 minutes, at start the last BACKFILL_DAYS, and
 * every minute the history of locations added or moved since (nothing to do most minutes), and
 * past rainfall a report view asked for.
 * A run cut short by its worker's death is retried within a few minutes, not 15.
 */
export function rainfallJobs(
  ingestion: IngestionService,
  historyFill: HistoryFillService,
  pastRainfall: PastRainfallService,
  log: Logger,
): JobDefinition[] {
  return [
    {
      name: INGEST_RAINFALL,
      cron: '*/15 * * * *',
      queue: RETRIED_WHEN_ITS_WORKER_DIES,
      handler: async () => {
        await ingestion.ingestDue();
      },
    },
    {
      name: CATCH_UP_RAINFALL,
      atStart: true,
      queue: RETRIED_WHEN_ITS_WORKER_DIES,
      handler: () => catchUpWithProgress(ingestion, log),
    },
    {
      name: FILL_LOCATION_HISTORY,
      cron: '* * * * *',
      queue: RETRIED_WHEN_ITS_WORKER_DIES,
      handler: async () => {
        await historyFill.fillPending();
      },
    },
    {
      // Past rainfall a report view found missing: the view answered from what was stored.
      name: PRODUCE_PAST_RAINFALL,
      sentOnDemand: true,
      queue: RETRIED_WHEN_ITS_WORKER_DIES,
      handler: async (data) => {
        const ask = data as PastRainfallAsk;
        await pastRainfall.ensureStored(ask.product, ask.locationIds, ask.from, ask.to);
      },
    },
  ];
}
