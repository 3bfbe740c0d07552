import { type ContactImportRow, checkContactRow, type ImportResult } from '@pluvio/shared/csv-import';
import { phoneDigits } from '@pluvio/shared/phone';
import { requireValidRows } from '../../core/lib/import-checks';
import type { ContactRow } from '../../core/tables/contacts';

type Identity = Pick<ContactRow, 'name' | 'email' | 'phone'>;

/** The rows as they will be stored; any invalid row stops the whole import (spec part 2 §5). */
export function checkedImportRows(rows: ContactImportRow[]): ContactImportRow[] {
  return requireValidRows(rows, checkContactRow);
}

const emailKey = (email: string) => `email:${email.toLowerCase()}`;
const namePhoneKey = (name: string, phone: string) =>
  `name-phone:${name.trim().toLowerCase()}|${phoneDigits(phone)}`;

/** Every key a contact can be recognised by. */
function keysOf(contact: Identity): string[] {
  const keys: string[] = [];
  if (contact.email) keys.push(emailKey(contact.email));
  if (contact.phone) keys.push(namePhoneKey(contact.name, contact.phone));
  return keys;
}

/** A row is recognised by its address, or without one by its name and phone. */
function matchKey(row: ContactImportRow): string {
  return row.email ? emailKey(row.email) : namePhoneKey(row.name, row.phone ?? '');
}

/** Splits the rows into new ones and those already in the account or repeating an earlier row. */
export function separateExisting(
  rows: ContactImportRow[],
  present: Identity[],
): { fresh: ContactImportRow[]; existing: ImportResult['existing'] } {
  const known = new Set(present.flatMap(keysOf));
  const fresh: ContactImportRow[] = [];
  const existing: ImportResult['existing'] = [];
  for (const row of rows) {
    if (known.has(matchKey(row))) {
      existing.push({ row: row.row, name: row.name });
      continue;
    }
    fresh.push(row);
    for (const key of keysOf({ name: row.name, email: row.email ?? null, phone: row.phone ?? null }))
      known.add(key);
  }
  return { fresh, existing };
}
