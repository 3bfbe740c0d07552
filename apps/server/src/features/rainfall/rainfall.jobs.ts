import { type JobDefinition, RETRIED_WHEN_ITS_WORKER_DIES } from '../../jobs/queue';
import type { HistoryFillService } from './history-fill.service';
import type { IngestionService } from './ingestion.service';

export const INGEST_RAINFALL = 'rainfall.ingest';
export const CATCH_UP_RAINFALL = 'rainfall.catch-up';
export const FILL_LOCATION_HISTORY = 'rainfall.fill-location-history';

/**
 * Rainfall ingestion: the due fields every 15 minutes, at start the last BACKFILL_DAYS, and
 * every minute the history of locations added or moved since (nothing to do most minutes).
 * A run cut short by its worker's death is retried within a few minutes, not 15.
 */
export function rainfallJobs(ingestion: IngestionService, historyFill: HistoryFillService): JobDefinition[] {
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
  ];
}
