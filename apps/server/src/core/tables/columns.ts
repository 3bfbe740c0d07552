import { type AnyPgColumn, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';

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

type ParentRef<K extends string> = { [key in K]: ReturnType<typeof cascadeRef> };

/** `locationId` → `location_id`. */
const snakeCase = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * A link between two parents (an account and a co-owner, a contact and a location…): one row a
 * pair, with when it was made, gone with either parent; the second parent's links are indexed.
 */
export function linkTable<A extends string, B extends string>(
  name: string,
  [first, firstParent]: [A, () => AnyPgColumn],
  [second, secondParent]: [B, () => AnyPgColumn],
) {
  const secondColumn = snakeCase(second);
  const columns = {
    [first]: cascadeRef(snakeCase(first), firstParent),
    [second]: cascadeRef(secondColumn, secondParent),
    createdAt: createdAt(),
  } as ParentRef<A> & ParentRef<B> & { createdAt: ReturnType<typeof createdAt> };
  return pgTable(name, columns, (table) => {
    const column = (key: A | B) => (table as unknown as Record<string, AnyPgColumn>)[key] as AnyPgColumn;
    return [
      primaryKey({ columns: [column(first), column(second)] }),
      index(`${name}_${secondColumn.replace(/_id$/, '')}_idx`).on(column(second)),
    ];
  });
}
