import type { ValidationIssue } from '@pluvio/shared/errors';
import { MESSAGES } from '@pluvio/shared/messages';

/**
 * A failure a caller should see: its status and the `detail` the specification gives.
 * Thrown by services, turned into the response body once by the error handler in app.ts.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string | ValidationIssue[],
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : (detail[0]?.msg ?? 'Invalid input'));
  }
}

export const badRequest = (detail: string) => new AppError(400, detail);
export const unauthorized = (detail = 'Unauthorized') =>
  new AppError(401, detail, { 'www-authenticate': 'Bearer' });
export const forbidden = (detail: string) => new AppError(403, detail);
export const notFound = (detail = 'Not Found') => new AppError(404, detail);
export const conflict = (detail: string) => new AppError(409, detail);
export const gone = (detail: string) => new AppError(410, detail);
/** An outside service this answer needs (NOAA, say) is failing; the cause goes to the log only. */
export function serviceUnavailable(detail: string, cause: unknown, retryAfterSeconds: number): AppError {
  const error = new AppError(503, detail, { 'retry-after': String(retryAfterSeconds) });
  error.cause = cause;
  return error;
}
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, MESSAGES.rateLimited, { 'retry-after': String(retryAfterSeconds) });

/** A 422 for one field, shaped like the validation errors of the old product. */
export function invalidField(loc: (string | number)[], msg: string, type = 'value_error'): AppError {
  return new AppError(422, [{ loc, msg, type }]);
}
