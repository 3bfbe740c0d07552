export { createHistoryFillService } from './history-fill.service';
export { createIngestionService, type IngestionService, type PassFacts } from './ingestion.service';
export {
  createPastRainfallService,
  type PastRainfallAsk,
  type PastRainfallService,
} from './past-rainfall.service';
export { PRODUCE_PAST_RAINFALL, rainfallJobs } from './rainfall.jobs';
export { rainfallRoutes } from './rainfall.routes';
export {
  createRainfallService,
  type DaySummary,
  type RainfallService,
  sumOfRainfall,
} from './rainfall.service';
export { rainfallDataRoutes } from './rainfall-data.routes';
export {
  createRainfallDataService,
  type PendingQuarters,
  type RainfallDataService,
} from './rainfall-data.service';
