import { QUOTA_MESSAGES } from '@pluvio/shared/quotas';
import { AppError } from './errors';

/** One CSV import carries at most ROWS_PER_IMPORT rows; a longer one is refused whole (422). */
export function requireImportSize(rows: number, max: number): void {
  if (rows > max) throw new AppError(422, QUOTA_MESSAGES.tooManyRows(rows, max));
}
