import { CONTACT_FLAGS, CONTACT_MESSAGES, type Contact } from '@pluvio/shared/contacts';
import { CSV_MESSAGES } from '@pluvio/shared/csv-import';
import { INPUT_MESSAGES } from '@pluvio/shared/inputs';
import { ERROR_CODES } from '@pluvio/shared/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/db/client';
import type { ClientRow } from '../../core/tables/accounts';
import { contactLocations } from '../../core/tables/assignments';
import { locations } from '../../core/tables/locations';
import { bearer, buildOwnedClient, buildUser, login, signedInCaller } from '../../test/factories';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

const NEW_PASSWORD = 'Drizzle#2027';

describe('contacts API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function ownerOf(tier: 'bronze' | 'silver' | 'gold' = 'gold') {
    const { user, client } = await buildOwnedClient(t.services, undefined, { tier });
    const { token } = await login(t.app, user.email);
    return { user, client, token };
  }

  async function superuser() {
    const user = await buildUser(t.services, { isSuperuser: true });
    return (await login(t.app, user.email)).token;
  }

  function call(
    token: string,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) {
    return t.app.inject({ method, url, headers: bearer(token), payload });
  }

  async function addContact(token: string, body: Record<string, unknown>, query = ''): Promise<Contact> {
    const response = await call(token, 'POST', `/api/contacts/${query}`, body);
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  async function mailTo(address: string) {
    const { items } = await t.services.outbox.page(1, 250);
    return items.filter((message) => message.to === address);
  }

  async function meOf(email: string, password?: string) {
    const { token } = await login(t.app, email, password);
    return (await t.app.inject({ url: '/users/me', headers: bearer(token) })).json();
  }

  const membershipIn = (me: { clients: { id: number; membership: string }[] }, client: ClientRow) =>
    me.clients.find((entry) => entry.id === client.id)?.membership;

  it('adds a contact with every notification on, lists and reads it', async () => {
    const { client, token } = await ownerOf();
    const added = await addContact(token, { name: 'Jordan Lee', email: 'Jordan.Lee@Example.com', phone: '' });
    expect(added).toMatchObject({
      client_id: client.id,
      account_name: client.accountName,
      name: 'Jordan Lee',
      email: 'jordan.lee@example.com',
      phone: null,
      status: 'active',
      co_owner: false,
      email_notification: true,
      sms_notification: true,
    });
    expect(added.user_id).toEqual(expect.any(Number));
    for (const flag of CONTACT_FLAGS) expect(added[flag]).toBe(true);

    const listed = await call(token, 'GET', '/api/contacts');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([added]);
    const one = await call(token, 'GET', `/api/contacts/${added.id}/`);
    expect(one.json()).toEqual(added);
  });

  it('lists by name in pages, with and without the trailing slash', async () => {
    const { token } = await ownerOf();
    for (const name of ['bravo', 'Alpha', 'charlie'])
      await addContact(token, { name, phone: '512-555-0100' });
    const all = await call(token, 'GET', '/api/contacts/?page=1&page_size=250');
    expect(all.json().map((contact: Contact) => contact.name)).toEqual(['Alpha', 'bravo', 'charlie']);
    const second = await call(token, 'GET', '/api/contacts?page=2&page_size=2');
    expect(second.json().map((contact: Contact) => contact.name)).toEqual(['charlie']);
    const tooBig = await call(token, 'GET', '/api/contacts?page_size=251');
    expect(tooBig.statusCode).toBe(422);
  });

  it("refuses a contact without a name, with a bad address or phone, or with neither, with the form's messages", async () => {
    const { token } = await ownerOf();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'a@example.com' }, 'name', CONTACT_MESSAGES.nameRequired],
      [{ name: '  ', email: 'a@example.com' }, 'name', CONTACT_MESSAGES.nameRequired],
      [{ name: 'A', email: 'xavier@@bad' }, 'email', INPUT_MESSAGES.email],
      [{ name: 'A', phone: '12345' }, 'phone', CONTACT_MESSAGES.phoneInvalid],
      [{ name: 'A', email: '', phone: '' }, 'email', CONTACT_MESSAGES.emailInvalid],
    ];
    for (const [body, field, msg] of cases) {
      const response = await call(token, 'POST', '/api/contacts', body);
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toContainEqual(expect.objectContaining({ loc: ['body', field], msg }));
    }
    const phoneOnly = await call(token, 'POST', '/api/contacts', {
      name: 'Site Office',
      phone: '+1 512 555-0100',
    });
    expect(phoneOnly.statusCode).toBe(201);
    expect(phoneOnly.json()).toMatchObject({ email: null, user_id: null, phone: '+1 512 555-0100' });
    expect((await call(token, 'GET', '/api/contacts')).json()).toHaveLength(1);
  });

  it('switches notifications per type and channel', async () => {
    const { token } = await ownerOf();
    const added = await addContact(token, {
      name: 'Flags',
      phone: '512-555-0100',
      sms_notification: false,
      daily_report_on_sms: false,
      forecast_on: false,
    });
    expect(added).toMatchObject({ sms_notification: false, daily_report_on_sms: false, forecast_on: false });
    expect(added).toMatchObject({ email_notification: true, daily_report_on: true, forecast_on_sms: true });

    const patched = await call(token, 'PATCH', `/api/contacts/${added.id}`, {
      atlas14_1h_on: false,
      forecast_on: true,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toEqual({ ...added, atlas14_1h_on: false, forecast_on: true });
  });

  it('invites a new address: the link lets the contact choose a password and sign in', async () => {
    const { client, token } = await ownerOf();
    const address = 'rosa.rainer@example.com';
    const added = await addContact(token, {
      name: 'Rosa Maria Rainer',
      email: address,
      phone: '713-555-0199',
    });

    const [invitation, ...others] = await mailTo(address);
    expect(others).toEqual([]);
    expect(invitation).toMatchObject({ kind: 'contact_invite', status: 'held' });
    expect(invitation?.text).toContain(client.accountName);
    const link = /http:\/\/localhost:3000\/reset-password\?token=([^&\s]+)&invite=1/.exec(
      invitation?.text ?? '',
    );
    expect(link).not.toBeNull();
    const inviteToken = decodeURIComponent(link?.[1] ?? '');

    const before = await login(t.app, address, NEW_PASSWORD);
    expect(before.response.statusCode).toBe(400);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { token: inviteToken, password: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    const me = await meOf(address, NEW_PASSWORD);
    expect(me).toMatchObject({
      id: added.user_id,
      role: 'contact',
      first_name: 'Rosa',
      last_name: 'Maria Rainer',
      phone: '713-555-0199',
      is_verified: true,
      primary_client_id: client.id,
      contact_id: added.id,
    });
    expect(membershipIn(me, client)).toBe('contact');

    const again = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { token: inviteToken, password: NEW_PASSWORD },
    });
    expect(again.json()).toEqual({ detail: ERROR_CODES.resetPasswordBadToken });
  });

  it('links an address that already has a login instead of making another, and tells that user', async () => {
    const existing = await buildUser(t.services, { email: 'known.person@example.com', firstName: 'Known' });
    const { client, token } = await ownerOf();
    const added = await addContact(token, { name: 'Someone Else', email: 'KNOWN.person@example.com' });
    expect(added.user_id).toBe(existing.id);
    expect(await t.services.users.findByEmails(['known.person@example.com'])).toHaveLength(1);
    const mail = await mailTo(existing.email);
    expect(mail.map((message) => message.kind)).toEqual(['contact_added']);
    expect(mail[0]?.text).toContain(client.accountName);
    expect(mail[0]?.text).not.toContain('reset-password');
    const me = await meOf(existing.email);
    expect(me.first_name).toBe('Known');
    expect(membershipIn(me, client)).toBe('contact');
  });

  it('refuses an address another contact of the account has, but not one of another account', async () => {
    const { token } = await ownerOf();
    const other = await ownerOf();
    await addContact(token, { name: 'First', email: 'shared@example.com' });
    const twice = await call(token, 'POST', '/api/contacts', { name: 'Second', email: 'Shared@example.com' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: CONTACT_MESSAGES.emailTaken });
    await addContact(other.token, { name: 'Elsewhere', email: 'shared@example.com' });

    const second = await addContact(token, { name: 'Second', phone: '512-555-0100' });
    const taken = await call(token, 'PATCH', `/api/contacts/${second.id}`, { email: 'shared@example.com' });
    expect(taken.statusCode).toBe(409);
    expect((await call(token, 'GET', '/api/contacts')).json()).toHaveLength(2);
  });

  it('makes a co-owner and back: the client admin record follows the switch', async () => {
    const { client, token } = await ownerOf();
    const person = await buildUser(t.services, { email: 'cora.coowner@example.com' });
    const added = await addContact(token, { name: 'Cora', email: person.email, co_owner: true });
    expect(added.co_owner).toBe(true);
    expect(await t.services.accounts.adminUserIds(client.id)).toEqual(new Set([person.id]));
    const asCoOwner = await meOf(person.email);
    expect(membershipIn(asCoOwner, client)).toBe('co_owner');

    const plain = await call(token, 'PATCH', `/api/contacts/${added.id}/`, { co_owner: false });
    expect(plain.json().co_owner).toBe(false);
    expect(await t.services.accounts.adminUserIds(client.id)).toEqual(new Set());
    expect(membershipIn(await meOf(person.email), client)).toBe('contact');

    const plainAgain = await call(token, 'PATCH', `/api/contacts/${added.id}`, { co_owner: false });
    expect(plainAgain.statusCode).toBe(200);
    const back = await call(token, 'PATCH', `/api/contacts/${added.id}`, { co_owner: true });
    expect(back.json().co_owner).toBe(true);
    expect(membershipIn(await meOf(person.email), client)).toBe('co_owner');
  });

  it('needs an e-mail address for a co-owner', async () => {
    const { client, token } = await ownerOf();
    const refused = await call(token, 'POST', '/api/contacts', {
      name: 'No Login',
      phone: '512-555-0100',
      co_owner: true,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toEqual([
      { loc: ['body', 'co_owner'], msg: CONTACT_MESSAGES.coOwnerNeedsEmail, type: 'value_error' },
    ]);
    expect((await call(token, 'GET', '/api/contacts')).json()).toEqual([]);

    const coOwner = await addContact(token, { name: 'Co', email: 'co.needs@example.com', co_owner: true });
    const dropEmail = await call(token, 'PATCH', `/api/contacts/${coOwner.id}`, {
      email: null,
      phone: '512-555-0100',
    });
    expect(dropEmail.statusCode).toBe(422);
    expect(dropEmail.json().detail[0]).toMatchObject({ loc: ['body', 'co_owner'] });
    expect(await t.services.accounts.adminUserIds(client.id)).toEqual(new Set([coOwner.user_id]));
  });

  it('moves the login when the address changes; the old user keeps its login but leaves the account', async () => {
    const { client, token } = await ownerOf();
    const oldUser = await buildUser(t.services, { email: 'old.address@example.com' });
    const added = await addContact(token, { name: 'Mover', email: oldUser.email, co_owner: true });

    const moved = await call(token, 'PATCH', `/api/contacts/${added.id}`, {
      email: 'new.address@example.com',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ email: 'new.address@example.com', co_owner: true });
    const newUserId = moved.json().user_id;
    expect(newUserId).not.toBe(oldUser.id);
    expect(await t.services.accounts.adminUserIds(client.id)).toEqual(new Set([newUserId]));
    expect((await mailTo('new.address@example.com')).map((message) => message.kind)).toEqual([
      'contact_invite',
    ]);
    const oldMe = await meOf(oldUser.email);
    expect(membershipIn(oldMe, client)).toBeUndefined();

    const phoneOnly = await call(token, 'PATCH', `/api/contacts/${added.id}`, {
      email: null,
      phone: '512-555-0100',
      co_owner: false,
    });
    expect(phoneOnly.json()).toMatchObject({ email: null, user_id: null, co_owner: false });
    expect(await t.services.users.findById(newUserId)).toBeDefined();
  });

  it('keeps an e-mail address or a phone number on every contact', async () => {
    const { token } = await ownerOf();
    const added = await addContact(token, { name: 'Reachable', phone: '512-555-0100' });
    const unreachable = await call(token, 'PATCH', `/api/contacts/${added.id}`, { phone: null });
    expect(unreachable.statusCode).toBe(422);
    expect(unreachable.json().detail).toEqual([
      { loc: ['body', 'email'], msg: CONTACT_MESSAGES.emailInvalid, type: 'value_error' },
    ]);
    const badPhone = await call(token, 'PATCH', `/api/contacts/${added.id}`, { phone: '555' });
    expect(badPhone.json().detail[0]).toMatchObject({
      loc: ['body', 'phone'],
      msg: CONTACT_MESSAGES.phoneInvalid,
    });
    const blankName = await call(token, 'PATCH', `/api/contacts/${added.id}`, { name: '' });
    expect(blankName.json().detail[0]).toMatchObject({
      loc: ['body', 'name'],
      msg: CONTACT_MESSAGES.nameRequired,
    });
    expect((await call(token, 'GET', `/api/contacts/${added.id}`)).json()).toEqual(added);
  });

  it("deletes a contact with its assignments and its user's co-owner record; the user stays", async () => {
    const { client, token } = await ownerOf();
    const added = await addContact(token, { name: 'Leaving', email: 'leaving@example.com', co_owner: true });
    const [location] = await t.database.db
      .insert(locations)
      .values({ clientId: client.id, name: 'Gauge', latitude: 30, longitude: -97 })
      .returning();
    await t.database.db
      .insert(contactLocations)
      .values({ contactId: added.id, locationId: location?.id ?? 0 });

    const deleted = await call(token, 'DELETE', `/api/contacts/${added.id}/`);
    expect(deleted.statusCode).toBe(204);
    expect((await call(token, 'GET', `/api/contacts/${added.id}`)).statusCode).toBe(404);
    expect(await t.services.accounts.adminUserIds(client.id)).toEqual(new Set());
    expect(await t.services.users.findById(added.user_id ?? 0)).toBeDefined();
    const assigned = await queryRows(
      t.database.db,
      sql`select * from contact_locations where contact_id = ${added.id}`,
    );
    expect(assigned).toEqual([]);
    const again = await call(token, 'DELETE', `/api/contacts/${added.id}`);
    expect(again.json()).toEqual({ detail: CONTACT_MESSAGES.notFound });
  });

  it('lets a plain contact read only its own record and change nothing', async () => {
    const { client, token } = await ownerOf();
    const person = await buildUser(t.services, { role: 'contact' });
    const own = await addContact(token, { name: 'Plain', email: person.email });
    const other = await addContact(token, { name: 'Other', phone: '512-555-0100' });
    const contactToken = (await login(t.app, person.email)).token;

    expect((await call(contactToken, 'GET', `/api/contacts/${own.id}`)).json()).toEqual(own);
    const refused = [
      await call(contactToken, 'GET', '/api/contacts'),
      await call(contactToken, 'GET', `/api/contacts/${other.id}`),
      await call(contactToken, 'POST', '/api/contacts', { name: 'New', phone: '512-555-0100' }),
      await call(contactToken, 'PATCH', `/api/contacts/${other.id}`, { name: 'Renamed' }),
      await call(contactToken, 'PATCH', `/api/contacts/${own.id}`, { co_owner: true }),
      await call(contactToken, 'DELETE', `/api/contacts/${other.id}`),
      await call(contactToken, 'POST', '/api/contacts/import', {
        rows: [{ row: 2, name: 'X', phone: '5125550100' }],
      }),
      await call(contactToken, 'GET', '/api/contacts/all'),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual(Array(refused.length).fill(403));
    expect((await call(token, 'GET', '/api/contacts')).json()).toEqual([other, own]);
    expect(await t.services.accounts.adminUserIds(client.id)).toEqual(new Set());
  });

  it("answers 404 for another account's contacts and changes nothing", async () => {
    const mine = await ownerOf();
    const theirs = await ownerOf();
    const foreign = await addContact(theirs.token, { name: 'Theirs', email: 'theirs@example.com' });
    const attempts = [
      await call(mine.token, 'GET', `/api/contacts/${foreign.id}`),
      await call(mine.token, 'PATCH', `/api/contacts/${foreign.id}`, { name: 'Stolen', co_owner: true }),
      await call(mine.token, 'DELETE', `/api/contacts/${foreign.id}`),
      await call(mine.token, 'GET', `/api/contacts?client_id=${theirs.client.id}`),
      await call(mine.token, 'GET', `/api/contacts/${foreign.id}?client_id=${theirs.client.id}`),
      await call(mine.token, 'PATCH', `/api/contacts/${foreign.id}?client_id=${theirs.client.id}`, {
        name: 'X',
      }),
      await call(mine.token, 'DELETE', `/api/contacts/${foreign.id}?client_id=${theirs.client.id}`),
      await call(mine.token, 'POST', `/api/contacts?client_id=${theirs.client.id}`, {
        name: 'Planted',
        phone: '5125550100',
      }),
      await call(mine.token, 'POST', `/api/contacts/import?client_id=${theirs.client.id}`, {
        rows: [{ row: 2, name: 'Planted', phone: '5125550100' }],
      }),
    ];
    expect(attempts.map((response) => response.statusCode)).toEqual(Array(attempts.length).fill(404));
    expect((await call(theirs.token, 'GET', '/api/contacts')).json()).toEqual([foreign]);
    expect((await call(mine.token, 'GET', '/api/contacts')).json()).toEqual([]);
    expect(await t.services.accounts.adminUserIds(theirs.client.id)).toEqual(new Set());
  });

  it('lets a superuser manage any account it names, but not add contacts', async () => {
    const { client, token } = await ownerOf();
    const added = await addContact(token, { name: 'Managed', phone: '512-555-0100' });
    const staff = await superuser();
    const query = `?client_id=${client.id}`;
    const add = await call(staff, 'POST', `/api/contacts/${query}`, {
      name: 'By Staff',
      phone: '512-555-0100',
    });
    expect(add.statusCode).toBe(403);
    expect(add.json()).toEqual({ detail: CONTACT_MESSAGES.superuserCannotAdd });
    const bulk = await call(staff, 'POST', `/api/contacts/import${query}`, {
      rows: [{ row: 2, name: 'By Staff', phone: '5125550100' }],
    });
    expect(bulk.json()).toEqual({ detail: CONTACT_MESSAGES.superuserCannotAdd });

    expect((await call(staff, 'GET', `/api/contacts${query}`)).json()).toEqual([added]);
    const renamed = await call(staff, 'PATCH', `/api/contacts/${added.id}${query}`, { name: 'Renamed' });
    expect(renamed.json().name).toBe('Renamed');
  });

  it("shows every account's contacts to the role admin and superusers only", async () => {
    const first = await ownerOf();
    const second = await ownerOf();
    const coOwner = await addContact(first.token, {
      name: 'Aaa First',
      email: 'aaa.first@example.com',
      co_owner: true,
    });
    const plain = await addContact(second.token, { name: 'Aaa Second', phone: '512-555-0100' });
    const admin = await buildUser(t.services, { role: 'admin' });
    const adminToken = (await login(t.app, admin.email)).token;

    for (const token of [adminToken, await superuser()]) {
      const all = await call(token, 'GET', '/api/contacts/all/?a=true');
      expect(all.statusCode).toBe(200);
      expect(all.json()).toEqual(expect.arrayContaining([coOwner, plain]));
      expect(all.json().find((contact: Contact) => contact.id === plain.id).account_name).toBe(
        second.client.accountName,
      );
    }
    const paged = await call(adminToken, 'GET', '/api/contacts/all?a=true&page=1&page_size=1');
    expect(paged.json()).toHaveLength(1);

    const owner = await call(first.token, 'GET', '/api/contacts/all/?a=true');
    expect(owner.statusCode).toBe(403);
    expect(owner.json()).toEqual({ detail: CONTACT_MESSAGES.allContactsAdminsOnly });
  });

  describe('CSV import', () => {
    const goodRows = [
      {
        row: 2,
        name: 'Jordan Lee',
        email: 'jordan.import@example.com',
        phone: '512-555-0100',
        status: 'active',
      },
      { row: 3, name: 'Site Office', phone: '713.555.0199', status: 'active' },
      { row: 5, name: 'Known User', email: 'KNOWN.IMPORT@example.com' },
    ];

    it('imports a good file with logins, and a second time adds nothing and lists the rows as existing', async () => {
      const { client, token } = await ownerOf();
      const known = await buildUser(t.services, { email: 'known.import@example.com' });
      const imported = await call(token, 'POST', '/api/contacts/import', { rows: goodRows });
      expect(imported.statusCode).toBe(200);
      expect(imported.json()).toEqual({ created: 3, existing: [], monthly_price: null });

      const listed: Contact[] = (await call(token, 'GET', '/api/contacts')).json();
      expect(listed.map(({ name, email, phone, status }) => ({ name, email, phone, status }))).toEqual([
        { name: 'Jordan Lee', email: 'jordan.import@example.com', phone: '512-555-0100', status: 'active' },
        { name: 'Known User', email: 'known.import@example.com', phone: null, status: 'active' },
        { name: 'Site Office', email: null, phone: '713-555-0199', status: 'active' },
      ]);
      for (const contact of listed) for (const flag of CONTACT_FLAGS) expect(contact[flag]).toBe(true);
      expect(listed.find((contact) => contact.name === 'Known User')?.user_id).toBe(known.id);
      expect(listed.find((contact) => contact.name === 'Site Office')?.user_id).toBeNull();
      expect((await mailTo('jordan.import@example.com')).map((message) => message.kind)).toEqual([
        'contact_invite',
      ]);
      expect((await mailTo(known.email)).map((message) => message.kind)).toEqual(['contact_added']);
      const jordan = await t.services.users.findByEmail('jordan.import@example.com');
      expect(jordan).toMatchObject({ role: 'contact', isVerified: false, primaryClientId: client.id });

      const again = await call(token, 'POST', '/api/contacts/import/', { rows: goodRows });
      expect(again.json()).toEqual({
        created: 0,
        existing: [
          { row: 2, name: 'Jordan Lee' },
          { row: 3, name: 'Site Office' },
          { row: 5, name: 'Known User' },
        ],
        monthly_price: null,
      });
      expect((await call(token, 'GET', '/api/contacts')).json()).toHaveLength(3);
      expect(await mailTo('jordan.import@example.com')).toHaveLength(1);
    });

    it('previews an import: what it would add and what is there already, adding nothing', async () => {
      const { token } = await ownerOf();
      await call(token, 'POST', '/api/contacts/import', { rows: goodRows.slice(0, 1) });
      const preview = await call(token, 'POST', '/api/contacts/import', { rows: goodRows, preview: true });
      expect(preview.json()).toEqual({
        created: 2,
        existing: [{ row: 2, name: 'Jordan Lee' }],
        monthly_price: null,
      });
      expect((await call(token, 'GET', '/api/contacts')).json()).toHaveLength(1);
    });

    it('lists a row repeating an earlier one as existing', async () => {
      const { token } = await ownerOf();
      const rows = [
        { row: 2, name: 'Twin', email: 'twin@example.com' },
        { row: 3, name: 'Twin Again', email: 'Twin@Example.com' },
        { row: 4, name: 'Desk', phone: '512-555-0100' },
        { row: 5, name: 'desk', phone: '(512) 555-0100' },
      ];
      const imported = await call(token, 'POST', '/api/contacts/import', { rows });
      expect(imported.json()).toEqual({
        created: 2,
        existing: [
          { row: 3, name: 'Twin Again' },
          { row: 5, name: 'desk' },
        ],
        monthly_price: null,
      });
    });

    it('stops everything at a bad row, naming each bad row', async () => {
      const { token } = await ownerOf();
      const rows = [
        { row: 2, name: 'Fine', email: 'fine.before.bad@example.com' },
        { row: 3, name: 'Fine Too', phone: '512-555-0100' },
        { row: 4, name: 'Also Fine', email: 'also.fine@example.com' },
        { row: 6, name: 'Bad Mail', email: 'nobody@nowhere' },
        { row: 7, name: 'Bad Phone', phone: '555-0100' },
        { row: 8, name: '', phone: '512-555-0100' },
        { row: 9, name: 'Unreachable' },
      ];
      const refused = await call(token, 'POST', '/api/contacts/import', { rows });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().detail).toEqual([
        {
          loc: ['body', 'rows', 3],
          msg: CSV_MESSAGES.row(6, CSV_MESSAGES.email('nobody@nowhere')),
          type: 'value_error',
        },
        {
          loc: ['body', 'rows', 4],
          msg: CSV_MESSAGES.row(7, CSV_MESSAGES.phone('555-0100')),
          type: 'value_error',
        },
        {
          loc: ['body', 'rows', 5],
          msg: CSV_MESSAGES.row(8, CSV_MESSAGES.missingField('name')),
          type: 'value_error',
        },
        {
          loc: ['body', 'rows', 6],
          msg: CSV_MESSAGES.row(9, CONTACT_MESSAGES.emailInvalid),
          type: 'value_error',
        },
      ]);
      expect((await call(token, 'GET', '/api/contacts')).json()).toEqual([]);
      expect(await t.services.users.findByEmails(['fine.before.bad@example.com', 'nobody@nowhere'])).toEqual(
        [],
      );
      expect(await mailTo('fine.before.bad@example.com')).toEqual([]);
    });
  });
});

describe('contacts API at scale and over time', () => {
  const clock = manualClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  it('imports 5,000 rows with logins in a few statements', async () => {
    const { user, client } = await buildOwnedClient(t.services);
    const { token } = await login(t.app, user.email);
    const rows = Array.from({ length: 5000 }, (_, index) => ({
      row: index + 2,
      name: `Contact ${index}`,
      email: `bulk-${index}@example.com`,
      phone: `512-555-${String(index).padStart(4, '0')}`,
    }));
    const imported = await t.app.inject({
      method: 'POST',
      url: `/api/contacts/import?client_id=${client.id}`,
      headers: bearer(token),
      payload: { rows },
    });
    expect(imported.json()).toEqual({ created: 5000, existing: [], monthly_price: null });
    const [counts] = await queryRows<{ contacts: number; users: number; invitations: number }>(
      t.database.db,
      sql`select (select count(*) from contacts where client_id = ${client.id})::integer as contacts,
                 (select count(*) from users where email like 'bulk-%')::integer as users,
                 (select count(*) from outbox where kind = 'contact_invite')::integer as invitations`,
    );
    expect(counts).toEqual({ contacts: 5000, users: 5000, invitations: 5000 });
  });

  it('lets an invitation expire after seven days', async () => {
    const { user } = await buildOwnedClient(t.services);
    const asOwner = await signedInCaller(t.app, user.email);
    await asOwner({
      method: 'POST',
      url: '/api/contacts',
      payload: { name: 'Late Comer', email: 'late.comer@example.com' },
    });
    const { items } = await t.services.outbox.page(1, 10);
    const text = items.find((message) => message.to === 'late.comer@example.com')?.text ?? '';
    const inviteToken = decodeURIComponent(/reset-password\?token=(\S+)/.exec(text)?.[1] ?? '');
    clock.advance(7 * 24 * 3600 * 1000 + 1000);
    const expired = await t.app.inject({
      method: 'POST',
      url: '/auth/reset-password',
      payload: { token: inviteToken, password: NEW_PASSWORD },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ detail: ERROR_CODES.resetPasswordBadToken });
  });
});
