import { CONTACT_BULK_DELETE, CONTACT_MESSAGES, CONTACTS_PER_BULK_DELETE } from '@pluvio/shared/contacts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/db/client';
import { contactLocations } from '../../core/tables/assignments';
import { bearer, buildContactUser, buildOwnedClient, login } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('POST /api/contacts/bulk-delete', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** An owner whose account has `count` contacts with logins, each assigned to one location. */
  async function ownerWith(count: number) {
    const { user, client } = await buildOwnedClient(t.services);
    const people = [];
    for (let i = 0; i < count; i++) people.push(await buildContactUser(t.services, client.id));
    const [location] = await t.services.locations.createMany([
      { clientId: client.id, name: 'Gauge', latitude: 30, longitude: -97 },
    ]);
    await t.database.db
      .insert(contactLocations)
      .values(people.map(({ contact }) => ({ contactId: contact.id, locationId: location?.id ?? 0 })));
    const { token } = await login(t.app, user.email);
    const remove = (ids: number[], as = token) =>
      t.app.inject({
        method: 'POST',
        url: '/api/contacts/bulk-delete',
        headers: bearer(as),
        payload: { ids },
      });
    const names = async () =>
      (await t.app.inject({ url: '/api/contacts', headers: bearer(token) }))
        .json()
        .map((c: { name: string }) => c.name);
    return { user, client, people, ids: people.map(({ contact }) => contact.id), remove, names };
  }

  const assignmentsOf = async (ids: number[]) =>
    queryRows(
      t.database.db,
      sql`select * from contact_locations where contact_id = any(${`{${ids.join(',')}}`}::int[])`,
    );

  const deletions = async (clientId: number) =>
    (await t.services.audit.page({ page: 1, page_size: 50, client_id: clientId, action: 'contacts_deleted' }))
      .items;

  it('deletes the chosen contacts with their assignments and co-owner records; their logins stay; one audit entry names them', async () => {
    const account = await ownerWith(4);
    const [first, second, third] = account.people;
    await t.services.accounts.addClientAdmin(account.client.id, second?.user.id ?? 0);
    const chosen = [first, second].map((person) => person?.contact.id ?? 0);

    const response = await account.remove([...chosen, chosen[0] ?? 0]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: 2 });
    expect((await account.names()).sort()).toEqual(
      [third, account.people[3]].map((person) => person?.contact.name).sort(),
    );
    expect(await assignmentsOf(chosen)).toEqual([]);
    expect(await assignmentsOf(account.ids.slice(2))).toHaveLength(2);
    expect(await t.services.accounts.adminUserIds(account.client.id)).toEqual(new Set());
    expect(await t.services.users.findById(first?.user.id ?? 0)).toBeDefined();
    // The deleted contacts' logins no longer open the account.
    const former = await login(t.app, first?.user.email ?? '');
    expect((await t.app.inject({ url: '/api/locations', headers: bearer(former.token) })).statusCode).toBe(
      404,
    );

    const [entry] = await deletions(account.client.id);
    expect(entry?.actor?.id).toBe(account.user.id);
    expect(entry?.details.contacts).toEqual(
      expect.arrayContaining([first, second].map((p) => `${p?.contact.name} <${p?.user.email}>`)),
    );
  });

  it('audits a single delete the same way', async () => {
    const account = await ownerWith(1);
    const [only] = account.people;
    const { token } = await login(t.app, account.user.email);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/contacts/${only?.contact.id}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(204);
    const entries = await deletions(account.client.id);
    expect(entries.map((entry) => entry.details.contacts)).toEqual([
      [`${only?.contact.name} <${only?.user.email}>`],
    ]);
  });

  it("deletes nothing when one id is not the account's", async () => {
    const mine = await ownerWith(2);
    const theirs = await ownerWith(1);
    for (const ids of [theirs.ids, [...mine.ids, ...theirs.ids]]) {
      const response = await mine.remove(ids);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: CONTACT_MESSAGES.notFound });
    }
    expect(await mine.names()).toHaveLength(2);
    expect(await theirs.names()).toHaveLength(1);
    expect(await deletions(mine.client.id)).toEqual([]);
  });

  it('refuses a plain contact, an empty list and more ids than one request may carry, with a clear message', async () => {
    const account = await ownerWith(2);
    const plain = await login(t.app, account.people[0]?.user.email ?? '');
    const refused = await account.remove(account.ids, plain.token);
    expect(refused.statusCode).toBe(403);

    const none = await account.remove([]);
    expect(none.statusCode).toBe(422);

    const tooMany = Array.from({ length: CONTACTS_PER_BULK_DELETE + 1 }, (_, i) => i + 1);
    const over = await account.remove(tooMany);
    expect(over.statusCode).toBe(422);
    expect(over.json().detail[0].msg).toBe(CONTACT_BULK_DELETE.limit);
    expect(await account.names()).toHaveLength(2);
  });
});
