import type { JobDefinition } from '../../jobs/queue';
import type { IngestionService } from './ingestion.service';

export const INGEST_RAINFALL = 'rainfall.ingest';
export const CATCH_UP_RAINFALL = 'rainfall.catch-up';

/** Rainfall ingestion: the due fields every 15 minutes, and at start the last BACKFILL_DAYS. */
export function rainfallJobs(ingestion: IngestionService): JobDefinition[] {
  return [
    {
      name: INGEST_RAINFALL,
      cron: '*/15 * * * *',
      handler: async () => {
        await ingestion.ingestDue();
      },
    },
    {
      name: CATCH_UP_RAINFALL,
      atStart: true,
      handler: async () => {
        await ingestion.catchUp();
      },
    },
  ];
}
