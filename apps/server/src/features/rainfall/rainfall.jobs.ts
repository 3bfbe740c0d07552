import { type JobDefinition, RETRIED_WHEN_ITS_WORKER_DIES } from '../../jobs/queue';
import type { HistoryFillService } from './history-fill.service';
import type { IngestionService } from './ingestion.service';
import type { PastRainfallAsk, PastRainfallService } from './past-rainfall.service';

export const INGEST_RAINFALL = 'rainfall.ingest';
export const CATCH_UP_RAINFALL = 'rainfall.catch-up';
export const FILL_LOCATION_HISTORY = 'rainfall.fill-location-history';
export const PRODUCE_PAST_RAINFALL = 'rainfall.produce-past';

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
      handler: async () => {
        await ingestion.catchUp();
      },
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
