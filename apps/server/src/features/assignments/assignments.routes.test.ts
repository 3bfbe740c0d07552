import { ASSIGNMENT_MESSAGES } from '@pluvio/shared/assignments';
import { CONTACT_MESSAGES } from '@pluvio/shared/contacts';
import { LOCATION_MESSAGES } from '@pluvio/shared/locations';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildContactUser,
  buildLocations,
  buildOwnedClient,
  buildUser,
  signedInCaller,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

const ids = (response: { json: () => { id: number }[] }) => response.json().map((item) => item.id);

describe('assignments', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const as = (email: string) => signedInCaller(t.app, email);

  /** An account with three locations and three contacts (the first one signs in), nothing assigned. */
  async function account(tier: 'bronze' | 'gold' = 'gold') {
    const { user, client } = await buildOwnedClient(t.services, undefined, { tier });
    const locations = await buildLocations(t.services, client.id, ['Cedar', 'alder', 'Birch'], {
      perDegree: 1,
      longitude: -97,
    });
    const signedIn = await buildContactUser(t.services, client.id);
    const contacts = [
      signedIn.contact,
      await t.services.contacts.create({ clientId: client.id, name: 'zed', phone: '512-555-0101' }),
      await t.services.contacts.create({ clientId: client.id, name: 'Amy', phone: '512-555-0102' }),
    ];
    return {
      client,
      locationIds: locations.map((location) => location.id),
      contactIds: contacts.map((contact) => contact.id),
      contactUser: signedIn.user,
      call: await as(user.email),
    };
  }

  it('assigns contacts to a location and removes them, answering the new list by name', async () => {
    const { client, locationIds, contactIds, call } = await account();
    const [cedar = 0] = locationIds;
    const [first = 0, zed = 0, amy = 0] = contactIds;
    const url = `/api/locations/${cedar}`;

    expect(
      (await call({ url: `${url}/contacts?client_id=${client.id}&page=1&page_size=250` })).json(),
    ).toEqual([]);
    const assigned = await call({ method: 'POST', url: `${url}/contacts`, payload: [zed, amy, first] });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().map((c: { name: string }) => c.name.slice(0, 3))).toEqual(['Amy', 'Con', 'zed']);
    expect(assigned.json()[0]).toMatchObject({ account_name: client.accountName, co_owner: false });

    const twice = await call({ method: 'POST', url: `${url}/contacts/`, payload: [amy, amy] });
    expect(ids(twice)).toEqual(ids(assigned));
    const removed = await call({ method: 'POST', url: `${url}/remove_contacts`, payload: [amy, zed] });
    expect(ids(removed)).toEqual([first]);
    const again = await call({ method: 'POST', url: `${url}/remove_contacts/`, payload: [amy] });
    expect(ids(again)).toEqual([first]);
    expect(ids(await call({ url: `${url}/contacts/?page=1&page_size=1` }))).toEqual([first]);
  });

  it('assigns locations to a contact and removes them, the mirror of the above', async () => {
    const { client, locationIds, contactIds, call } = await account();
    const [cedar = 0, alder = 0, birch = 0] = locationIds;
    const url = `/api/contacts/${contactIds[0]}`;
    const q = `?client_id=${client.id}`;

    const assigned = await call({
      method: 'POST',
      url: `${url}/locations${q}`,
      payload: [cedar, alder, birch],
    });
    expect(assigned.statusCode).toBe(200);
    expect(ids(assigned)).toEqual([alder, birch, cedar]);
    expect(assigned.json()[0]).toMatchObject({ name: 'alder', client_id: client.id });
    const twice = await call({ method: 'POST', url: `${url}/locations/${q}`, payload: [cedar] });
    expect(ids(twice)).toEqual([alder, birch, cedar]);
    const removed = await call({ method: 'POST', url: `${url}/remove_locations${q}`, payload: [birch] });
    expect(ids(removed)).toEqual([alder, cedar]);
    expect(ids(await call({ method: 'POST', url: `${url}/remove_locations/`, payload: [birch] }))).toEqual([
      alder,
      cedar,
    ]);
    expect(ids(await call({ url: `${url}/locations/${q}&page=2&page_size=1` }))).toEqual([cedar]);

    const deleted = await call({ method: 'DELETE', url: `/api/locations/${alder}` });
    expect(deleted.statusCode).toBe(204);
    expect(ids(await call({ url: `${url}/locations` }))).toEqual([cedar]);
  });

  it('answers 404 for any id of another account or none, and assigns nothing of the call', async () => {
    const own = await account();
    const foreign = await account();
    const [location = 0] = own.locationIds;
    const [contact = 0, other = 0] = own.contactIds;
    const calls: [InjectOptions, string][] = [
      [
        {
          method: 'POST',
          url: `/api/locations/${location}/contacts`,
          payload: [other, foreign.contactIds[1]],
        },
        CONTACT_MESSAGES.notFound,
      ],
      [
        { method: 'POST', url: `/api/locations/${location}/contacts`, payload: [other, 999999] },
        CONTACT_MESSAGES.notFound,
      ],
      [
        { method: 'POST', url: `/api/locations/${foreign.locationIds[0]}/contacts`, payload: [other] },
        LOCATION_MESSAGES.notFound,
      ],
      [{ url: `/api/locations/${foreign.locationIds[0]}/contacts` }, LOCATION_MESSAGES.notFound],
      [
        {
          method: 'POST',
          url: `/api/contacts/${contact}/locations`,
          payload: [location, foreign.locationIds[1]],
        },
        LOCATION_MESSAGES.notFound,
      ],
      [
        { method: 'POST', url: `/api/contacts/${foreign.contactIds[0]}/locations`, payload: [location] },
        CONTACT_MESSAGES.notFound,
      ],
      [{ url: `/api/contacts/${foreign.contactIds[0]}/locations` }, CONTACT_MESSAGES.notFound],
    ];
    for (const [options, detail] of calls) {
      const response = await own.call(options);
      expect(response.statusCode, `${options.method} ${options.url}`).toBe(404);
      expect(response.json()).toEqual({ detail });
    }
    expect(ids(await own.call({ url: `/api/locations/${location}/contacts` }))).toEqual([]);
    expect(ids(await own.call({ url: `/api/contacts/${contact}/locations` }))).toEqual([]);

    await foreign.call({
      method: 'POST',
      url: `/api/contacts/${foreign.contactIds[0]}/locations`,
      payload: foreign.locationIds,
    });
    const removal = await own.call({
      method: 'POST',
      url: `/api/contacts/${contact}/remove_locations?client_id=${foreign.client.id}`,
      payload: [foreign.locationIds[0]],
    });
    expect(removal.statusCode).toBe(404);
    expect(ids(await foreign.call({ url: `/api/contacts/${foreign.contactIds[0]}/locations` }))).toHaveLength(
      3,
    );
  });

  it('lets a plain contact read only its own locations and change nothing', async () => {
    const { locationIds, contactIds, contactUser, call } = await account();
    const [mine = 0] = contactIds;
    await call({ method: 'POST', url: `/api/contacts/${mine}/locations`, payload: [locationIds[0]] });
    const asContact = await as(contactUser.email);

    expect(ids(await asContact({ url: `/api/contacts/${mine}/locations/` }))).toEqual([locationIds[0]]);
    for (const options of [
      { url: `/api/contacts/${contactIds[1]}/locations` },
      { url: `/api/locations/${locationIds[0]}/contacts` },
      { method: 'POST', url: `/api/contacts/${mine}/locations`, payload: locationIds },
      { method: 'POST', url: `/api/contacts/${mine}/remove_locations`, payload: [locationIds[0]] },
      { method: 'POST', url: `/api/locations/${locationIds[1]}/contacts`, payload: [mine] },
      { method: 'POST', url: `/api/locations/${locationIds[0]}/remove_contacts`, payload: [mine] },
    ] as InjectOptions[]) {
      const response = await asContact(options);
      expect(response.statusCode, `${options.method} ${options.url}`).toBe(403);
      expect(response.json()).toEqual({ detail: ASSIGNMENT_MESSAGES.managersOnly });
    }
    expect(ids(await call({ url: `/api/contacts/${mine}/locations` }))).toEqual([locationIds[0]]);
  });

  it('lets a co-owner and a superuser (with client_id) assign, at any tier', async () => {
    const { client, locationIds, contactIds } = await account('bronze');
    const coOwner = await buildContactUser(t.services, client.id, { coOwner: true });
    const asCoOwner = await as(coOwner.user.email);
    const byCoOwner = await asCoOwner({
      method: 'POST',
      url: `/api/locations/${locationIds[0]}/contacts`,
      payload: contactIds,
    });
    expect(byCoOwner.statusCode).toBe(200);
    expect(byCoOwner.json()).toHaveLength(3);
    const listed = await asCoOwner({ url: `/api/locations/${locationIds[0]}/contacts` });
    expect(listed.json().find((c: { id: number }) => c.id === contactIds[0]).co_owner).toBe(false);

    const admin = await buildUser(t.services, { isSuperuser: true, role: 'admin' });
    const asAdmin = await as(admin.email);
    const q = `?client_id=${client.id}`;
    const byAdmin = await asAdmin({
      method: 'POST',
      url: `/api/contacts/${coOwner.contact.id}/locations${q}`,
      payload: locationIds,
    });
    expect(ids(byAdmin)).toHaveLength(3);
    const coOwnerListed = await asAdmin({ url: `/api/locations/${locationIds[1]}/contacts${q}` });
    expect(coOwnerListed.json()).toEqual([
      expect.objectContaining({ id: coOwner.contact.id, co_owner: true }),
    ]);
    expect((await asAdmin({ url: `/api/locations/${locationIds[1]}/contacts` })).statusCode).toBe(404);
  });
});
