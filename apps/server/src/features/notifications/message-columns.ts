import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { outbox } from '../../core/tables/outbox';

type TimeColumn = AnyPgColumn<{ data: Date }>;
type IsoTime<C extends TimeColumn> = C['_']['notNull'] extends true ? string : string | null;

/** A time column as the API writes times: ISO 8601 in UTC (drizzle maps no null, so null stays null). */
export function isoTime<C extends TimeColumn>(column: C): SQL<IsoTime<C>> {
  return sql<IsoTime<C>>`${column}`.mapWith((value: string | Date) => new Date(value).toISOString());
}

/** What the mail viewer and the delivery log both show of a message, under the API's names. */
export const messageStatusColumns = {
  id: outbox.id,
  channel: outbox.channel,
  kind: outbox.kind,
  subject: outbox.subject,
  status: outbox.status,
  status_at: isoTime(outbox.statusAt),
  attempts: outbox.attempts,
  last_error: outbox.lastError,
  sent_at: isoTime(outbox.sentAt),
};
