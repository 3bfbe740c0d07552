import { z } from 'zod';

/** `processing` while a pass is being ingested; `done` once it is stored (D3). */
export const PROCESS_STATUSES = ['processing', 'done'] as const;
export type ProcessStatus = (typeof PROCESS_STATUSES)[number];

/**
 * GET /api/services/process_status (spec part 1 §3, §4, D3): the newest hourly pass and the
 * hour it covers (the hour's end, ISO 8601); `datetime` is null before the first pass arrives.
 */
export const processStatusSchema = z.object({
  status: z.enum(PROCESS_STATUSES),
  datetime: z.string().nullable(),
});
export type ProcessStatusResponse = z.infer<typeof processStatusSchema>;

export const RAINFALL_PRODUCTS = ['15m', '1h'] as const;
export type RainfallProduct = (typeof RAINFALL_PRODUCTS)[number];

export const INGEST_STATUSES = ['pending', 'processing', 'done', 'failed', 'superseded'] as const;
export type IngestStatus = (typeof INGEST_STATUSES)[number];

const ingestedIntervalSchema = z.object({
  product: z.enum(RAINFALL_PRODUCTS),
  pass: z.number().int(),
  ends_at: z.string(),
  status: z.enum(INGEST_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
});

/**
 * GET /api/services/ingest_status (superusers, the system health page): the newest stored
 * interval of each product and pass, how many wait or failed, and the newest failures.
 */
export const ingestStatusSchema = z.object({
  newest: z.array(
    z.object({ product: z.enum(RAINFALL_PRODUCTS), pass: z.number().int(), ends_at: z.string() }),
  ),
  pending: z.number().int(),
  failed: z.number().int(),
  failures: z.array(ingestedIntervalSchema),
});
export type IngestStatusResponse = z.infer<typeof ingestStatusSchema>;
