import { bulkDeletedSchema } from '@pluvio/shared/bulk-delete';
import { importResultSchema } from '@pluvio/shared/csv-import';
import { clientIdQuerySchema, idParamsSchema } from '@pluvio/shared/lists';
import type { FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { errorResponse } from './lib/error-responses';

/** 20,000 import rows are about 2.5 MB of JSON; Fastify's default limit is 1 MB. */
export const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

const IMPORT_REFUSED = errorResponse(
  'A row is malformed (one item per bad row), or the file has more than ROWS_PER_IMPORT rows (a setting, default 5,000); nothing was imported',
);

type Responses = Record<number, ZodType>;

/**
 * The route options of an account's records (contacts, locations, their rainfall, storm events
 * and inspections; accounts and their report recipients): every route is behind the guard given
 * (`requireAccount`, or `requireUser` where the route checks the account itself) with `client_id`
 * in its query (D10); imports and bulk deletes take large bodies and answer the shared result
 * schemas.
 */
export function accountRecordRoutes(preHandler: (request: FastifyRequest) => Promise<void>, tags: string[]) {
  const scoped = <S extends object>(schema: S) => ({
    preHandler,
    schema: { tags, querystring: clientIdQuerySchema, ...schema },
  });
  return {
    scoped,
    /** A route about one record, its id in the path. */
    record: <S extends object>(schema: S) => scoped({ params: idParamsSchema, ...schema }),
    /** CSV rows in (or their preview), the import's result out; `refusals` are the feature's own. */
    import: <B extends ZodType, R extends Responses>(body: B, refusals: R) => ({
      ...scoped({ body, response: { 200: importResultSchema, 422: IMPORT_REFUSED, ...refusals } }),
      bodyLimit: IMPORT_BODY_LIMIT,
    }),
    /** Ids in, how many were deleted out. */
    bulkDelete: <B extends ZodType, R extends Responses>(body: B, refusals: R) => ({
      ...scoped({ body, response: { 200: bulkDeletedSchema, ...refusals } }),
      bodyLimit: IMPORT_BODY_LIMIT,
    }),
  };
}
