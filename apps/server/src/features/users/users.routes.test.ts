import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildOwnedClient, buildUser, login, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('/users/me', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** GET and PATCH /users/me as the token's user (`path` for the spelling with a trailing slash). */
  const readMe = (token: string, path = '/users/me') => t.app.inject({ url: path, headers: bearer(token) });
  const patchMe = (token: string, payload: object, path = '/users/me') =>
    t.app.inject({ method: 'PATCH', url: path, headers: bearer(token), payload });

  it('needs a token', async () => {
    const response = await t.app.inject({ url: '/users/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Unauthorized' });
  });

  it('answers with and without the trailing slash, active account first, and switches accounts', async () => {
    const { user, client: first } = await buildOwnedClient(t.services, undefined, {
      accountName: 'B Account',
      tier: 'gold',
    });
    const { client: second } = await buildOwnedClient(t.services, user, {
      accountName: 'A Account',
      tier: 'bronze',
    });
    const { token } = await login(t.app, user.email);

    const me = await readMe(token, '/users/me/');
    expect(me.statusCode).toBe(200);
    expect(me.json().clients.map((c: { id: number }) => c.id)).toEqual([second.id, first.id]);
    expect(me.json().primary_client_id).toBe(second.id);

    const switched = await patchMe(token, { primary_client_id: first.id });
    expect(switched.statusCode).toBe(200);
    const again = await readMe(token);
    expect(again.json().clients[0]).toMatchObject({ id: first.id, tier: 'gold', membership: 'owner' });
  });

  it("refuses to switch to another user's account and changes nothing", async () => {
    const { user, client } = await buildOwnedClient(t.services);
    const { client: foreign } = await buildOwnedClient(t.services);
    const { token } = await login(t.app, user.email);
    const response = await patchMe(token, { primary_client_id: foreign.id });
    expect(response.statusCode).toBe(422);
    const me = await readMe(token);
    expect(me.json().primary_client_id).toBe(client.id);
  });

  it('updates the profile and refuses an address another user has', async () => {
    const { user } = await buildOwnedClient(t.services);
    const other = await buildUser(t.services);
    const { token } = await login(t.app, user.email);
    const updated = await patchMe(
      token,
      { first_name: 'Rosa', last_name: 'Rainer', phone: '713-555-0199' },
      '/users/me/',
    );
    expect(updated.json()).toMatchObject({ first_name: 'Rosa', last_name: 'Rainer', phone: '713-555-0199' });
    const taken = await patchMe(token, { email: other.email, current_password: TEST_PASSWORD });
    expect(taken.statusCode).toBe(400);
    const blank = await patchMe(token, { first_name: ' ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().detail[0]).toMatchObject({
      loc: ['body', 'first_name'],
      msg: 'First name is required.',
    });
  });

  it('tells a contact how many locations are assigned to it', async () => {
    const { client } = await buildOwnedClient(t.services);
    const contactUser = await buildUser(t.services, { role: 'contact' });
    const [here, there] = await t.services.locations.createMany([
      { clientId: client.id, name: 'Here', latitude: 30, longitude: -97 },
      { clientId: client.id, name: 'There', latitude: 31, longitude: -97 },
    ]);
    const contact = await t.services.contacts.create({
      clientId: client.id,
      userId: contactUser.id,
      name: 'C',
    });
    const { token } = await login(t.app, contactUser.email);
    const before = await readMe(token);
    expect(before.json()).toMatchObject({
      role: 'contact',
      co_owner: false,
      location_count: 0,
      contact_id: contact.id,
    });
    await t.services.assignments.assignLocations(client.id, contact.id, [here?.id ?? 0, there?.id ?? 0]);
    const after = await readMe(token);
    expect(after.json().location_count).toBe(2);
    await t.services.accounts.addClientAdmin(client.id, contactUser.id);
    const coOwner = await readMe(token);
    expect(coOwner.json()).toMatchObject({ co_owner: true, location_count: 2 });
  });
});
