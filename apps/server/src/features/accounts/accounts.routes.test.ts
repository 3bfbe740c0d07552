import { BILLING_MESSAGES } from '@pluvio/shared/billing';
import { CLIENT_MESSAGES, type Client } from '@pluvio/shared/clients';
import { MESSAGES } from '@pluvio/shared/messages';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGERS_ONLY, NOT_AN_ACCOUNT } from '../../core/access';
import type { UserRow } from '../../core/tables/users';
import {
  bearer,
  buildLocations,
  buildOwnedClient,
  buildUser,
  login,
  numberedNames,
} from '../../test/factories';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

// 22:30 on 7 March in New York, already 8 March in UTC: trial dates follow the product time zone.
const NOW = new Date('2026-03-08T03:30:00Z');
const TRIAL_END = '2026-04-06';

type Tier = 'bronze' | 'silver' | 'gold';

describe('/api/clients', () => {
  let t: TestApp;
  let superToken: string;

  beforeAll(async () => {
    t = await createTestApp({ clock: manualClock(NOW) });
    const admin = await buildUser(t.services, { isSuperuser: true, role: 'admin' });
    superToken = (await login(t.app, admin.email)).token;
  });
  afterAll(() => t.close());

  const call = (token: string, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...bearer(token), ...options.headers } });

  /** Changes the account as the caller: PATCH /api/clients/{id}. */
  const patchClient = (token: string, clientId: number, payload: object) =>
    call(token, { method: 'PATCH', url: `/api/clients/${clientId}`, payload });

  /** An account with its owner signed in. */
  async function ownedAccount(tier: Tier = 'gold', overrides: Parameters<typeof buildOwnedClient>[2] = {}) {
    const { user, client } = await buildOwnedClient(t.services, undefined, { tier, ...overrides });
    const { token } = await login(t.app, user.email);
    return { owner: user, client, token };
  }

  /** A signed-in contact of the account; a co-owner also holds a client admin record. */
  async function contactOf(clientId: number, options: { coOwner?: boolean; user?: UserRow } = {}) {
    const user = options.user ?? (await buildUser(t.services, { role: 'contact' }));
    await t.services.contacts.create({ clientId, userId: user.id, name: `${user.firstName} Contact` });
    if (options.coOwner) await t.services.accounts.addClientAdmin(clientId, user.id);
    const { token } = await login(t.app, user.email);
    return { user, token };
  }

  async function stranger() {
    return (await ownedAccount()).token;
  }

  async function addLocations(clientId: number, count: number) {
    await buildLocations(t.services, clientId, numberedNames('Site', count, 1), {
      perDegree: 10,
      longitude: -95,
    });
  }

  const readAsSuperuser = async (id: number): Promise<Client> =>
    (await call(superToken, { url: `/api/clients/${id}` })).json();

  describe('GET /api/clients/', () => {
    it('gives a superuser every account by name, with location counts, in pages of at most 250', async () => {
      const { client: bravo } = await ownedAccount('gold', { accountName: 'bravo Farms' });
      const { client: alpha } = await ownedAccount('silver', { accountName: 'Alpha Farms' });
      await addLocations(bravo.id, 2);

      for (const url of ['/api/clients', '/api/clients/']) {
        const response = await call(superToken, { url });
        expect(response.statusCode).toBe(200);
        const clients: Client[] = response.json();
        const names = clients.map((client) => client.account_name.toLowerCase());
        expect(names).toEqual([...names].sort());
        expect(clients.find((client) => client.id === bravo.id)?.locations_count).toBe(2);
        expect(clients.find((client) => client.id === alpha.id)).toMatchObject({
          account_name: 'Alpha Farms',
          tier: 'silver',
          locations_count: 0,
        });
      }

      const all: Client[] = (await call(superToken, { url: '/api/clients/' })).json();
      const second = await call(superToken, { url: '/api/clients/?page=2&page_size=1' });
      expect(second.json()).toEqual([all[1]]);
      const tooBig = await call(superToken, { url: '/api/clients/?page_size=251' });
      expect(tooBig.statusCode).toBe(422);
    });

    it('lists the accounts a user owns or co-owns, not those where it is a plain contact', async () => {
      const { owner, client: own, token } = await ownedAccount('gold', { accountName: 'Own Account' });
      const { client: coOwned } = await ownedAccount('gold', { accountName: 'Co-owned Account' });
      const { client: contactOnly } = await ownedAccount();
      const { client: foreign } = await ownedAccount();
      await contactOf(coOwned.id, { user: owner, coOwner: true });
      await contactOf(contactOnly.id, { user: owner });

      const response = await call(token, { url: `/api/clients/?client_id=${own.id}&page=1&page_size=250` });
      expect(response.statusCode).toBe(200);
      expect(response.json().map((client: Client) => client.id)).toEqual([coOwned.id, own.id]);
      expect(response.json()[1]).toMatchObject({ owner_user_id: owner.id, owner_email: owner.email });

      const other = await call(token, { url: `/api/clients/?client_id=${foreign.id}` });
      expect(other.statusCode).toBe(404);
    });
  });

  describe('GET /api/clients/{id}', () => {
    it('answers the owner, a co-owner and a superuser; refuses a plain contact and hides it from others', async () => {
      const { client, token } = await ownedAccount('silver');
      await addLocations(client.id, 1);
      const coOwner = await contactOf(client.id, { coOwner: true });
      const contact = await contactOf(client.id);

      for (const caller of [token, coOwner.token, superToken]) {
        const response = await call(caller, { url: `/api/clients/${client.id}` });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ id: client.id, tier: 'silver', locations_count: 1 });
      }
      const refused = await call(contact.token, { url: `/api/clients/${client.id}` });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: MANAGERS_ONLY });
      const hidden = await call(await stranger(), { url: `/api/clients/${client.id}/` });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual({ detail: NOT_AN_ACCOUNT });
      const unknown = await call(superToken, { url: '/api/clients/999999' });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('PATCH /api/clients/{id}', () => {
    it('lets the owner change the account details, with or without the trailing slash', async () => {
      const { client, token } = await ownedAccount('gold');
      const details = {
        account_name: 'Renamed Farms',
        email: 'office@renamed.example',
        phone: '512-555-0123',
        invoice_email: 'billing@renamed.example',
        invoice_period: 'monthly',
        auto_add_locations: false,
      };
      const response = await call(token, {
        method: 'PATCH',
        url: `/api/clients/${client.id}/?client_id=${client.id}`,
        payload: details,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: client.id, ...details });
      const cleared = await patchClient(token, client.id, { invoice_email: '' });
      expect(cleared.json()).toMatchObject({ account_name: 'Renamed Farms', invoice_email: null });
    });

    it('takes the whole client object back from the old client and ignores unchanged read-only values', async () => {
      const { client, token } = await ownedAccount('silver');
      await patchClient(token, client.id, { email: 'a@farm.example', phone: '512-555-0100' });
      const stored: Client = (await call(token, { url: `/api/clients/${client.id}` })).json();
      const response = await patchClient(token, client.id, {
        ...stored,
        account_name: 'Whole Object',
        rapidrain_on: true,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ...stored, account_name: 'Whole Object', rapidrain_on: true });
    });

    it("refuses the owner's changes to tier, status and account type, and changes nothing", async () => {
      const { client, token } = await ownedAccount('bronze');
      const before = await readAsSuperuser(client.id);
      const attempts: [Record<string, unknown>, string][] = [
        [{ tier: 'gold', account_name: 'Sneaky' }, CLIENT_MESSAGES.subscriptionViaUpgrade],
        [{ status: 'inactive' }, CLIENT_MESSAGES.contactSupport],
        [{ account_type: 'free' }, CLIENT_MESSAGES.accountTypeViaSupport],
        [{ is_trial_account: true }, CLIENT_MESSAGES.accountTypeViaSupport],
        [{ manual_invoice: true }, CLIENT_MESSAGES.accountTypeViaSupport],
      ];
      for (const [payload, detail] of attempts) {
        const response = await patchClient(token, client.id, payload);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ detail });
      }
      expect(await readAsSuperuser(client.id)).toEqual(before);

      const same = await patchClient(token, client.id, {
        tier: 'bronze',
        status: 'active',
        account_type: 'paid',
        manual_invoice: false,
      });
      expect(same.statusCode).toBe(200);
    });

    it('lets the owner activate the pending account registration made (the wizard)', async () => {
      const { client, token } = await ownedAccount('gold', {
        status: 'pending',
        accountType: 'trial',
        isTrialAccount: true,
      });
      const response = await patchClient(token, client.id, {
        id: client.id,
        status: 'active',
        daily_report_on: true,
        forecast_on: true,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'active', forecast_on: true });
    });

    it('treats a co-owner like the owner and refuses plain contacts and strangers', async () => {
      const { client } = await ownedAccount('gold');
      const coOwner = await contactOf(client.id, { coOwner: true });
      const contact = await contactOf(client.id);
      const renamed = await patchClient(coOwner.token, client.id, { account_name: 'Co-owner Named' });
      expect(renamed.json()).toMatchObject({ account_name: 'Co-owner Named' });
      const tier = await patchClient(coOwner.token, client.id, { tier: 'silver' });
      expect(tier.json()).toEqual({ detail: CLIENT_MESSAGES.subscriptionViaUpgrade });

      const before = await readAsSuperuser(client.id);
      const byContact = await patchClient(contact.token, client.id, { account_name: 'Contact Named' });
      expect(byContact.statusCode).toBe(403);
      const byStranger = await call(await stranger(), {
        method: 'PATCH',
        url: `/api/clients/${client.id}?client_id=${client.id}`,
        payload: { account_name: 'Stranger Named', daily_report_on: false },
      });
      expect(byStranger.statusCode).toBe(404);
      expect(await readAsSuperuser(client.id)).toEqual(before);
    });

    it('lets a superuser change the subscription, suspend, and apply the account type defaults', async () => {
      const { client } = await ownedAccount('bronze');
      const patch = (payload: Record<string, unknown>) =>
        call(superToken, {
          method: 'PATCH',
          url: `/api/clients/${client.id}?client_id=${client.id}`,
          payload,
        });

      const upgraded = await patch({ tier: 'gold', forecast_on: true });
      expect(upgraded.statusCode).toBe(200);
      expect(upgraded.json()).toMatchObject({ tier: 'gold', forecast_on: true });

      expect((await patch({ account_type: 'free' })).json()).toMatchObject({
        account_type: 'free',
        is_trial_account: false,
        manual_invoice: true,
      });
      expect((await patch({ account_type: 'trial' })).json()).toMatchObject({
        account_type: 'trial',
        is_trial_account: true,
        manual_invoice: true,
        trial_end_date: TRIAL_END,
      });
      expect((await patch({ account_type: 'paid' })).json()).toMatchObject({
        account_type: 'paid',
        is_trial_account: false,
        manual_invoice: false,
      });
      expect((await patch({ account_type: 'free', manual_invoice: false })).json()).toMatchObject({
        account_type: 'free',
        manual_invoice: false,
      });
      expect((await patch({ status: 'inactive' })).json()).toMatchObject({ status: 'inactive' });
    });

    it('keeps the settings of a level the account does not have switched off', async () => {
      const cases: [Tier | 'trial', string[], string[]][] = [
        [
          'bronze',
          ['daily_report_suppress_zero', 'exceed24h_on'],
          ['atlas14_on', 'rapidrain_on', 'forecast_on'],
        ],
        ['silver', ['atlas14_on', 'atlas14_1h_on', 'rapidrain_on', 'rapidrain_first_on'], ['forecast_on']],
        ['gold', ['forecast_on', 'forecast_combine_locations', 'atlas14_24h_on', 'rapidrain_on'], []],
        ['trial', ['forecast_on', 'atlas14_on', 'rapidrain_combine_locations'], []],
      ];
      for (const [level, allowed, refused] of cases) {
        const trial = level === 'trial';
        const { client, token } = await ownedAccount(trial ? 'bronze' : level, {
          isTrialAccount: trial,
          accountType: trial ? 'trial' : 'paid',
        });
        for (const key of refused) {
          const response = await patchClient(token, client.id, { account_name: 'Changed', [key]: true });
          expect(response.statusCode, `${level} ${key}`).toBe(403);
          expect(response.json()).toEqual({ detail: MESSAGES.upgradeToEnable });
          expect(await readAsSuperuser(client.id)).toMatchObject({
            account_name: client.accountName,
            [key]: false,
          });
        }
        for (const key of allowed) {
          const on = await patchClient(token, client.id, { [key]: true });
          expect(on.statusCode, `${level} ${key}`).toBe(200);
          expect(on.json()[key]).toBe(true);
        }
      }
    });

    it('always lets a setting be turned off, or sent unchanged after a downgrade', async () => {
      const { client, token } = await ownedAccount('gold');
      await patchClient(token, client.id, { forecast_on: true });
      await patchClient(superToken, client.id, { tier: 'bronze' });
      const unchanged = await patchClient(token, client.id, { forecast_on: true, atlas14_on: false });
      expect(unchanged.statusCode).toBe(200);
      const off = await patchClient(token, client.id, { forecast_on: false });
      expect(off.json()).toMatchObject({ tier: 'bronze', forecast_on: false });
      const again = await patchClient(token, client.id, { forecast_on: true });
      expect(again.statusCode).toBe(403);
    });

    it("gates a superuser's settings by the account's tier too", async () => {
      const { client } = await ownedAccount('bronze');
      const refused = await patchClient(superToken, client.id, { rapidrain_on: true });
      expect(refused.json()).toEqual({ detail: MESSAGES.upgradeToEnable });
    });

    it('checks the client form fields', async () => {
      const { client, token } = await ownedAccount();
      const response = await patchClient(token, client.id, { account_name: ' ', email: '' });
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toEqual([
        expect.objectContaining({ loc: ['body', 'account_name'], msg: CLIENT_MESSAGES.accountNameRequired }),
        expect.objectContaining({ loc: ['body', 'email'], msg: CLIENT_MESSAGES.emailRequired }),
      ]);
    });
  });

  describe('POST /api/clients/', () => {
    const details = { account_name: 'New Farms', email: 'office@new.example', phone: '512-555-0100' };

    it('adds a bronze, active, paid account without an owner', async () => {
      for (const url of ['/api/clients/', '/api/clients']) {
        const response = await call(superToken, { method: 'POST', url, payload: details });
        expect(response.statusCode).toBe(201);
        expect(response.json()).toMatchObject({
          ...details,
          tier: 'bronze',
          status: 'active',
          account_type: 'paid',
          is_trial_account: false,
          manual_invoice: false,
          trial_end_date: null,
          auto_add_locations: true,
          owner_user_id: null,
          owner_email: null,
          locations_count: 0,
        });
        expect((await readAsSuperuser(response.json().id)).account_name).toBe('New Farms');
      }
    });

    it('applies the account type defaults and starts a trial in the product time zone', async () => {
      const trial = await call(superToken, {
        method: 'POST',
        url: '/api/clients/',
        payload: { ...details, account_type: 'trial' },
      });
      expect(trial.json()).toMatchObject({
        account_type: 'trial',
        is_trial_account: true,
        manual_invoice: true,
        tier: 'gold',
        trial_end_date: TRIAL_END,
      });
      const free = await call(superToken, {
        method: 'POST',
        url: '/api/clients/',
        payload: { ...details, account_type: 'free', tier: 'silver', status: 'inactive' },
      });
      expect(free.json()).toMatchObject({
        account_type: 'free',
        is_trial_account: false,
        manual_invoice: true,
        tier: 'silver',
        status: 'inactive',
        trial_end_date: null,
      });
    });

    it('needs a name, an e-mail address and a phone number', async () => {
      const response = await call(superToken, {
        method: 'POST',
        url: '/api/clients/',
        payload: { account_name: 'No Contact Details' },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().detail.map((issue: { msg: string }) => issue.msg)).toEqual([
        CLIENT_MESSAGES.emailRequired,
        CLIENT_MESSAGES.phoneRequired,
      ]);
    });

    it('is for superusers only', async () => {
      const { token } = await ownedAccount('gold');
      const response = await call(token, { method: 'POST', url: '/api/clients/', payload: details });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: CLIENT_MESSAGES.clientManagementOnly });
    });
  });

  describe('POST /api/clients/{id}/new', () => {
    it("starts a trial of its own for the same owner, whatever the request or the source's plan says", async () => {
      const { owner, client, token } = await ownedAccount('bronze');
      await patchClient(token, client.id, {
        email: 'a@farm.example',
        phone: '512-555-0100',
        invoice_email: 'pay@farm.example',
      });
      const source: Client = (await call(token, { url: `/api/clients/${client.id}` })).json();

      const response = await call(token, {
        method: 'POST',
        url: `/api/clients/${client.id}/new`,
        payload: {
          ...source,
          account_name: 'Second Farm',
          tier: 'silver',
          account_type: 'paid',
          status: 'inactive',
        },
      });
      expect(response.statusCode).toBe(201);
      const created: Client = response.json();
      expect(created).toMatchObject({
        account_name: 'Second Farm',
        email: 'a@farm.example',
        phone: '512-555-0100',
        invoice_email: 'pay@farm.example',
        status: 'active',
        tier: 'gold',
        account_type: 'trial',
        is_trial_account: true,
        trial_end_date: TRIAL_END,
        manual_invoice: false,
        last_payment_status: null,
        locations_count: 0,
        owner_user_id: owner.id,
        // The notification defaults of a new gold account (spec part 2 §4 "Provisioning").
        daily_report_on: true,
        forecast_on: true,
        atlas14_on: true,
        rapidrain_on: true,
      });
      expect(created.id).not.toBe(source.id);

      const me = await call(token, { url: '/users/me' });
      expect(me.json().clients).toContainEqual(
        expect.objectContaining({
          id: created.id,
          account_name: 'Second Farm',
          tier: 'gold',
          membership: 'owner',
        }),
      );
    });

    it('allows one trial at a time: an owner holding a trial upgrades it first', async () => {
      const { client, token } = await ownedAccount('gold', {
        accountType: 'trial',
        isTrialAccount: true,
        trialEndDate: '2026-03-20',
      });
      const response = await call(token, {
        method: 'POST',
        url: `/api/clients/${client.id}/new/`,
        payload: { account_name: 'Trial Two' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: BILLING_MESSAGES.oneTrialAtATime });
    });

    it("makes a co-owner a co-owner of the new account, owned by the source's owner", async () => {
      const { owner, client } = await ownedAccount('silver');
      const coOwner = await contactOf(client.id, { coOwner: true });
      const response = await call(coOwner.token, {
        method: 'POST',
        url: `/api/clients/${client.id}/new`,
        payload: { account_name: 'Co-owner Branch' },
      });
      expect(response.statusCode).toBe(201);
      const created: Client = response.json();
      expect(created).toMatchObject({ owner_user_id: owner.id, tier: 'gold', is_trial_account: true });
      const me = await call(coOwner.token, { url: '/users/me' });
      expect(me.json().clients).toContainEqual(
        expect.objectContaining({ id: created.id, membership: 'co_owner' }),
      );
      const admins = await call(superToken, { url: `/api/clients/${created.id}/admins` });
      expect(admins.json()).toEqual([
        expect.objectContaining({ id: coOwner.user.id, email: coOwner.user.email }),
      ]);
    });

    it('refuses plain contacts and strangers and needs a name', async () => {
      const { client, token } = await ownedAccount();
      const contact = await contactOf(client.id);
      const payload = { account_name: 'Not Allowed' };
      const byContact = await call(contact.token, {
        method: 'POST',
        url: `/api/clients/${client.id}/new`,
        payload,
      });
      expect(byContact.statusCode).toBe(403);
      const byStranger = await call(await stranger(), {
        method: 'POST',
        url: `/api/clients/${client.id}/new`,
        payload,
      });
      expect(byStranger.statusCode).toBe(404);
      const unnamed = await call(token, {
        method: 'POST',
        url: `/api/clients/${client.id}/new`,
        payload: { account_name: '' },
      });
      expect(unnamed.statusCode).toBe(422);
      expect(unnamed.json().detail[0].msg).toBe(CLIENT_MESSAGES.accountNameRequired);
      const all: Client[] = (await call(superToken, { url: '/api/clients/' })).json();
      expect(all.map((one) => one.account_name)).not.toContain('Not Allowed');
    });
  });

  describe('DELETE /api/clients/{id}', () => {
    it('lets a superuser delete an account with its locations and contacts', async () => {
      const { client, token } = await ownedAccount();
      await addLocations(client.id, 2);
      const contact = await contactOf(client.id);

      const byOwner = await call(token, { method: 'DELETE', url: `/api/clients/${client.id}` });
      expect(byOwner.statusCode).toBe(403);
      expect(byOwner.json()).toEqual({ detail: CLIENT_MESSAGES.clientManagementOnly });
      expect((await call(superToken, { url: `/api/clients/${client.id}` })).statusCode).toBe(200);

      const deleted = await call(superToken, {
        method: 'DELETE',
        url: `/api/clients/${client.id}?client_id=${client.id}`,
      });
      expect(deleted.statusCode).toBe(204);
      expect((await call(superToken, { url: `/api/clients/${client.id}` })).statusCode).toBe(404);
      const contactMe = await call(contact.token, { url: '/users/me' });
      expect(contactMe.json()).toMatchObject({ clients: [], location_count: 0 });
      const ownerMe = await call(token, { url: '/users/me' });
      expect(ownerMe.json().clients).toEqual([]);

      const again = await call(superToken, { method: 'DELETE', url: `/api/clients/${client.id}/` });
      expect(again.statusCode).toBe(404);
    });
  });

  describe('/api/clients/{id}/admins', () => {
    it('lets the owner add, list and remove co-owners among the contacts with a login', async () => {
      const { client, token } = await ownedAccount();
      const contact = await contactOf(client.id);
      const outsider = await buildUser(t.services);
      const { user: otherContact } = await contactOf((await ownedAccount()).client.id);
      const admins = () => call(token, { url: `/api/clients/${client.id}/admins` });

      expect((await admins()).json()).toEqual([]);
      const added = await call(token, {
        method: 'POST',
        url: `/api/clients/${client.id}/admins?client_id=${client.id}&user_id=${contact.user.id}`,
      });
      expect(added.statusCode).toBe(201);
      const listed = {
        id: contact.user.id,
        email: contact.user.email,
        first_name: contact.user.firstName,
        last_name: contact.user.lastName,
      };
      expect(added.json()).toEqual(listed);
      expect((await admins()).json()).toEqual([listed]);
      const me = await call(contact.token, { url: '/users/me' });
      expect(me.json()).toMatchObject({ co_owner: true, primary_client_id: client.id });

      for (const user of [outsider, otherContact]) {
        const refused = await call(token, {
          method: 'POST',
          url: `/api/clients/${client.id}/admins?user_id=${user.id}`,
        });
        expect(refused.statusCode).toBe(422);
        expect(refused.json().detail[0]).toMatchObject({
          loc: ['query', 'user_id'],
          msg: CLIENT_MESSAGES.coOwnerMustBeContact,
        });
      }

      for (let round = 0; round < 2; round += 1) {
        const removed = await call(token, {
          method: 'DELETE',
          url: `/api/clients/${client.id}/admins/${contact.user.id}`,
        });
        expect(removed.statusCode).toBe(204);
      }
      expect((await admins()).json()).toEqual([]);
    });

    it('lets a co-owner and a superuser manage co-owners too', async () => {
      const { client } = await ownedAccount();
      const coOwner = await contactOf(client.id, { coOwner: true });
      const contact = await contactOf(client.id);
      const added = await call(coOwner.token, {
        method: 'POST',
        url: `/api/clients/${client.id}/admins/?user_id=${contact.user.id}`,
      });
      expect(added.statusCode).toBe(201);
      const listed = await call(superToken, { url: `/api/clients/${client.id}/admins/` });
      expect(listed.json().map((admin: { id: number }) => admin.id)).toEqual([
        coOwner.user.id,
        contact.user.id,
      ]);
      const removed = await call(superToken, {
        method: 'DELETE',
        url: `/api/clients/${client.id}/admins/${coOwner.user.id}`,
      });
      expect(removed.statusCode).toBe(204);
      const rest = await call(superToken, { url: `/api/clients/${client.id}/admins` });
      expect(rest.json().map((admin: { id: number }) => admin.id)).toEqual([contact.user.id]);
    });

    it('refuses plain contacts and hides the account from strangers, changing nothing', async () => {
      const { client } = await ownedAccount();
      const coOwner = await contactOf(client.id, { coOwner: true });
      const contact = await contactOf(client.id);
      const strangerToken = await stranger();
      const calls: InjectOptions[] = [
        { url: `/api/clients/${client.id}/admins` },
        { method: 'POST', url: `/api/clients/${client.id}/admins?user_id=${contact.user.id}` },
        { method: 'DELETE', url: `/api/clients/${client.id}/admins/${coOwner.user.id}` },
      ];
      for (const options of calls) {
        expect((await call(contact.token, options)).statusCode).toBe(403);
        expect((await call(strangerToken, options)).statusCode).toBe(404);
      }
      const admins = await call(superToken, { url: `/api/clients/${client.id}/admins` });
      expect(admins.json().map((admin: { id: number }) => admin.id)).toEqual([coOwner.user.id]);
    });
  });
});
