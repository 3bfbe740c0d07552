import type { LocationImportRow } from '@pluvio/shared/csv-import';
import { QUOTA_MESSAGES } from '@pluvio/shared/quotas';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/db/client';
import { bearer, buildOwnedClient, login } from '../../test/factories';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

/** Small limits, so the quotas are reached with a handful of rows (the defaults are 10,000 and 5,000). */
const LOCATIONS_PER_ACCOUNT = 5;
const CONTACTS_PER_ACCOUNT = 4;
const ROWS_PER_IMPORT = 6;
const CONTACT_EMAILS_PER_DAY = 5;
const EMAIL_LIMIT_CONTACTS = 20;

/** `count` distinct location rows as the browser sends them (the header being row 1). */
function locationRows(count: number, prefix = 'Site'): LocationImportRow[] {
  return Array.from({ length: count }, (_, i) => ({
    row: i + 2,
    name: `${prefix} ${i}`,
    latitude: 30 + i * 0.1,
    longitude: -95,
    h24_threshold: 1,
    rapidrain_threshold: 1,
  }));
}

const contactRows = (count: number, prefix = 'person') =>
  Array.from({ length: count }, (_, i) => ({
    row: i + 2,
    name: `${prefix} ${i}`,
    email: `${prefix}${i}@example.com`,
  }));

describe('what one account may multiply: locations, contacts and import rows', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        LOCATIONS_PER_ACCOUNT: String(LOCATIONS_PER_ACCOUNT),
        CONTACTS_PER_ACCOUNT: String(CONTACTS_PER_ACCOUNT),
        ROWS_PER_IMPORT: String(ROWS_PER_IMPORT),
      },
    });
  });
  afterAll(() => t.close());

  async function owner() {
    const { user, client } = await buildOwnedClient(t.services, undefined, { tier: 'gold' });
    const { token } = await login(t.app, user.email);
    const call = (options: InjectOptions) => t.app.inject({ ...options, headers: bearer(token) });
    return { client, call };
  }

  const importLocations = (rows: LocationImportRow[]): InjectOptions => ({
    method: 'POST',
    url: '/api/locations/import',
    payload: { rows },
  });
  const createLocation = (name: string): InjectOptions => ({
    method: 'POST',
    url: '/api/locations',
    payload: { name, latitude: 29.5, longitude: -95.3, h24_threshold: 0.5 },
  });

  async function sentEmails(): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      t.services.database.db,
      sql`select count(*)::int as n from outbox where channel = 'email'`,
    );
    return row?.n ?? 0;
  }

  it('refuses a location file longer than ROWS_PER_IMPORT whole, adding nothing', async () => {
    const { client, call } = await owner();
    const refused = await call(importLocations(locationRows(ROWS_PER_IMPORT + 1)));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      detail: QUOTA_MESSAGES.tooManyRows(ROWS_PER_IMPORT + 1, ROWS_PER_IMPORT),
    });
    expect(refused.json().detail).toContain('Nothing was imported');
    expect(await t.services.locations.countInClient(client.id)).toBe(0);
  });

  it('adds locations up to LOCATIONS_PER_ACCOUNT, then refuses one more through the form and through an import', async () => {
    const { client, call } = await owner();
    const filled = await call(importLocations(locationRows(LOCATIONS_PER_ACCOUNT - 1)));
    expect(filled.json().created).toBe(LOCATIONS_PER_ACCOUNT - 1);
    expect((await call(createLocation('The last one'))).statusCode).toBe(201);

    const oneMore = await call(createLocation('One too many'));
    expect(oneMore.statusCode).toBe(409);
    expect(oneMore.json()).toEqual({ detail: QUOTA_MESSAGES.locationLimit(LOCATIONS_PER_ACCOUNT) });

    const imported = await call(importLocations(locationRows(2, 'Extra')));
    expect(imported.statusCode).toBe(409);
    expect(imported.json()).toEqual({
      detail: QUOTA_MESSAGES.locationImportLimit(LOCATIONS_PER_ACCOUNT, 2, LOCATIONS_PER_ACCOUNT),
    });
    expect(await t.services.locations.countInClient(client.id)).toBe(LOCATIONS_PER_ACCOUNT);

    // A file of rows the account has already adds nothing, so it is not refused.
    const again = await call(importLocations(locationRows(LOCATIONS_PER_ACCOUNT - 1)));
    expect(again.statusCode).toBe(200);
    expect(again.json().created).toBe(0);
  });

  it('refuses an import that only partly fits, adding none of it', async () => {
    const { client, call } = await owner();
    await call(importLocations(locationRows(3)));
    const refused = await call(importLocations(locationRows(3, 'More')));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: QUOTA_MESSAGES.locationImportLimit(3, 3, LOCATIONS_PER_ACCOUNT),
    });
    expect(await t.services.locations.countInClient(client.id)).toBe(3);
  });

  it('never passes the limit when many locations are added at once', async () => {
    const { client, call } = await owner();
    const answers = await Promise.all(
      Array.from({ length: LOCATIONS_PER_ACCOUNT + 3 }, (_, i) => call(createLocation(`Parallel ${i}`))),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([...Array(LOCATIONS_PER_ACCOUNT).fill(201), ...Array(3).fill(409)]);
    expect(await t.services.locations.countInClient(client.id)).toBe(LOCATIONS_PER_ACCOUNT);
  });

  it('refuses contacts past CONTACTS_PER_ACCOUNT and contact files past ROWS_PER_IMPORT, creating no login and sending no invitation', async () => {
    const { call } = await owner();
    const contacts = async () => (await call({ url: '/api/contacts' })).json().length;
    const tooLong = await call({
      method: 'POST',
      url: '/api/contacts/import',
      payload: { rows: contactRows(ROWS_PER_IMPORT + 1, 'long') },
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toEqual({
      detail: QUOTA_MESSAGES.tooManyRows(ROWS_PER_IMPORT + 1, ROWS_PER_IMPORT),
    });

    const filled = await call({
      method: 'POST',
      url: '/api/contacts/import',
      payload: { rows: contactRows(CONTACTS_PER_ACCOUNT - 1, 'first') },
    });
    expect(filled.json().created).toBe(CONTACTS_PER_ACCOUNT - 1);
    const emailsBefore = await sentEmails();

    const overImport = await call({
      method: 'POST',
      url: '/api/contacts/import',
      payload: { rows: contactRows(2, 'second') },
    });
    expect(overImport.statusCode).toBe(409);
    expect(overImport.json()).toEqual({
      detail: QUOTA_MESSAGES.contactImportLimit(CONTACTS_PER_ACCOUNT - 1, 2, CONTACTS_PER_ACCOUNT),
    });

    const last = { name: 'Last', email: 'last@example.com' };
    expect((await call({ method: 'POST', url: '/api/contacts', payload: last })).statusCode).toBe(201);
    const oneMore = await call({
      method: 'POST',
      url: '/api/contacts',
      payload: { name: 'More', email: 'more@example.com' },
    });
    expect(oneMore.statusCode).toBe(409);
    expect(oneMore.json()).toEqual({ detail: QUOTA_MESSAGES.contactLimit(CONTACTS_PER_ACCOUNT) });

    expect(await contacts()).toBe(CONTACTS_PER_ACCOUNT);
    expect(await sentEmails()).toBe(emailsBefore + 1);
    expect(await t.services.users.findByEmail('more@example.com')).toBeUndefined();
    expect(await t.services.users.findByEmail('second0@example.com')).toBeUndefined();
  });
});

describe('invitations and notices to new contacts', () => {
  let t: TestApp;
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp({
      clock,
      env: {
        CONTACT_EMAILS_PER_DAY: String(CONTACT_EMAILS_PER_DAY),
        CONTACTS_PER_ACCOUNT: String(EMAIL_LIMIT_CONTACTS),
      },
    });
  });
  afterAll(() => t.close());

  /** Calls the API as a new owner, signing in again when the clock has passed the token's life. */
  async function owner() {
    const { user } = await buildOwnedClient(t.services, undefined, { tier: 'gold' });
    return async (options: InjectOptions) => {
      const { token } = await login(t.app, user.email);
      return t.app.inject({ ...options, headers: bearer(token) });
    };
  }

  async function sentEmails(): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      t.services.database.db,
      sql`select count(*)::int as n from outbox where channel = 'email'`,
    );
    return row?.n ?? 0;
  }

  it('e-mails new contacts at most CONTACT_EMAILS_PER_DAY invitations or notices a day, refusing a batch that would pass it whole', async () => {
    const call = await owner();
    const contacts = async () => (await call({ url: '/api/contacts' })).json().length;
    const imported = await call({
      method: 'POST',
      url: '/api/contacts/import',
      payload: { rows: contactRows(3, 'day') },
    });
    expect(imported.json().created).toBe(3);
    const emailsBefore = await sentEmails();

    const refused = await call({
      method: 'POST',
      url: '/api/contacts/import',
      payload: { rows: contactRows(3, 'more') },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail: QUOTA_MESSAGES.contactEmailsPerDay(3, 2, CONTACT_EMAILS_PER_DAY),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.services.users.findByEmail('more0@example.com')).toBeUndefined();

    // A contact without an address is e-mailed nothing and not counted.
    const byPhone = await call({
      method: 'POST',
      url: '/api/contacts',
      payload: { name: 'Phone only', phone: '512-555-0142' },
    });
    expect(byPhone.statusCode).toBe(201);
    const added = await call({
      method: 'POST',
      url: '/api/contacts',
      payload: { name: 'Fourth', email: 'fourth@example.com' },
    });
    expect(added.statusCode).toBe(201);
    // A new address on an existing contact is e-mailed too: the fifth and last of the day.
    const moved = await call({
      method: 'PATCH',
      url: `/api/contacts/${added.json().id}`,
      payload: { email: 'fifth@example.com' },
    });
    expect(moved.statusCode).toBe(200);
    const sixth = await call({
      method: 'POST',
      url: '/api/contacts',
      payload: { name: 'Sixth', email: 'sixth@example.com' },
    });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      detail: QUOTA_MESSAGES.contactEmailsPerDay(1, 0, CONTACT_EMAILS_PER_DAY),
    });
    expect(await contacts()).toBe(5);
    expect(await sentEmails()).toBe(emailsBefore + 2);

    clock.advance(24 * 3_600_000);
    const nextDay = await call({
      method: 'POST',
      url: '/api/contacts',
      payload: { name: 'Sixth', email: 'sixth@example.com' },
    });
    expect(nextDay.statusCode).toBe(201);
  });
});
