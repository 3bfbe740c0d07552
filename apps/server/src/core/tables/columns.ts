import { type AnyPgColumn, integer, timestamp } from 'drizzle-orm/pg-core';

/**
 * Column builders the tables share, so a kind of column is defined once: every moment is stored
 * with its time zone, and a required reference to a parent row goes when the parent does.
 */

/** A moment, as `timestamp with time zone`. */
export function timestamptz(name: string) {
  return timestamp(name, { withTimezone: true });
}

/** The generated integer key `id`. */
export function identityId() {
  return integer('id').primaryKey().generatedAlwaysAsIdentity();
}

/** When the row was inserted, filled in by the database. */
export function createdAt() {
  return timestamptz('created_at').notNull().defaultNow();
}

/** When the row last changed; starts as its insertion time. */
export function updatedAt() {
  return timestamptz('updated_at').notNull().defaultNow();
}

/** A required integer reference to a parent row (a client, a location…), deleted with it. */
export function cascadeRef(name: string, parent: () => AnyPgColumn) {
  return integer(name).notNull().references(parent, { onDelete: 'cascade' });
}
