import { CSV_MESSAGES } from '@pluvio/shared/csv-import';
import type { ValidationIssue } from '@pluvio/shared/errors';
import { QUOTA_MESSAGES } from '@pluvio/shared/quotas';
import { AppError } from './errors';

/** One CSV import carries at most ROWS_PER_IMPORT rows; a longer one is refused whole (422). */
export function requireImportSize(rows: number, max: number): void {
  if (rows > max) throw new AppError(422, QUOTA_MESSAGES.tooManyRows(rows, max));
}

/**
 * The rows as `check` makes them; an import is taken whole or not at all, so any bad row
 * refuses it with a 422 listing one `Row n: ...` item per bad row.
 */
export function requireValidRows<Row extends { row: number }, Checked>(
  rows: readonly Row[],
  check: (row: Row, index: number) => Checked | string,
): Checked[] {
  const problems: ValidationIssue[] = [];
  const checked: Checked[] = [];
  rows.forEach((row, index) => {
    const result = check(row, index);
    if (typeof result !== 'string') checked.push(result);
    else
      problems.push({
        loc: ['body', 'rows', index],
        msg: CSV_MESSAGES.row(row.row, result),
        type: 'value_error',
      });
  });
  if (problems.length > 0) throw new AppError(422, problems);
  return checked;
}
