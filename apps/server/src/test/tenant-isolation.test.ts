import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../core/tables/api-keys';
import { locationFavourites } from '../core/tables/locations';
import { inspectionPhotos, inspections } from '../core/tables/storm-events';
import { webhookDeliveries, webhookEndpoints } from '../core/tables/webhooks';
import { bearer, buildOwnedClient, buildUser, login, TEST_PASSWORD } from './factories';
import { photoForm } from './photos';
import { insertStormEvent } from './storm-events';
import { createTestApp, type TestApp } from './test-app';

/**
 * D10: a caller never reads or changes another account's data. Every endpoint of the accounts,
 * locations, contacts, assignments, reports and billing features (report tasks and upgrade
 * checkouts included) is called by each kind of demo user with another account's ids; the answer
 * is 404 (403 where the caller's role or tier is too low anyway) and the other account is unchanged.
 */

interface Seeded {
  clientId: number;
  locationId: number;
  contactId: number;
  contactUserId: number;
  /** A report task the owner queued. */
  taskId: string;
  /** An upgrade checkout the owner started (the built-in test checkout). */
  checkoutSessionId: string;
  /** An extra report recipient the owner added (waiting for its confirmation). */
  recipientId: number;
  ownerUserId: number;
  /** A storm event at the location (issue 28), its inspection and a photo of it. */
  stormEventId: number;
  inspectionId: number;
  photoId: number;
  /** An API key the owner made, and the key itself (issue 29). */
  apiKeyId: number;
  apiKey: string;
  /** A webhook endpoint of the account (issue 29). */
  webhookId: number;
}

/** A JPEG's first bytes: a photo by its content, sent where it must be refused. */
const JPEG_START = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);

/** A past month every level may report on. */
const MONTH = '2025-10-01/2025-10-31';
/** A charged month, asked as the old client does: the request is the fee's confirmation (D21). */
const HISTORICAL_MONTH = '2023-01-01/2023-01-31';

const LOCATION = { name: 'Yard', latitude: 30.1, longitude: -95.2, h24_threshold: 0.5 };

async function call(app: FastifyInstance, token: string, options: InjectOptions) {
  return app.inject({ ...options, headers: { ...bearer(token), ...options.headers } });
}

/** An owned account with one location and one contact (with a login) assigned to it. */
async function seedAccount(t: TestApp, tier: 'bronze' | 'silver' | 'gold', trial = false) {
  const { user, client } = await buildOwnedClient(t.services, undefined, {
    tier,
    isTrialAccount: trial,
    accountType: trial ? 'trial' : 'paid',
  });
  const { token } = await login(t.app, user.email);
  const location = await call(t.app, token, { method: 'POST', url: '/api/locations/', payload: LOCATION });
  expect(location.statusCode).toBe(201);
  const contactUser = await buildUser(t.services, { role: 'contact' });
  const contact = await call(t.app, token, {
    method: 'POST',
    url: '/api/contacts/',
    payload: { name: 'Site Lead', email: contactUser.email, phone: '512-555-0100' },
  });
  expect(contact.statusCode).toBe(201);
  const assigned = await call(t.app, token, {
    method: 'POST',
    url: `/api/locations/${location.json().id}/contacts`,
    payload: [contact.json().id],
  });
  expect(assigned.statusCode).toBe(200);
  const task = await call(t.app, token, {
    method: 'POST',
    url: `/api/reports/data_by_date_range/${MONTH}`,
    payload: { email_format: 'csv', email_list: [user.email], locations: [location.json().id] },
  });
  expect(task.statusCode).toBe(202);
  const checkout = await call(t.app, token, {
    method: 'POST',
    url: '/api/billing/checkout',
    payload: { client_id: client.id, tier: 'gold' },
  });
  expect(checkout.statusCode).toBe(200);
  const recipient = await call(t.app, token, {
    method: 'POST',
    url: `/api/clients/${client.id}/report-recipients`,
    payload: { email: `partner-${client.id}@example.org` },
  });
  expect(recipient.statusCode).toBe(201);
  const apiKey = await call(t.app, token, {
    method: 'POST',
    url: `/api/api-keys?client_id=${client.id}`,
    payload: { name: 'Export', scope: 'read_write' },
  });
  expect(apiKey.statusCode).toBe(201);
  const seeded: Seeded = {
    clientId: client.id,
    locationId: location.json().id,
    contactId: contact.json().id,
    contactUserId: contactUser.id,
    taskId: task.json().task_id,
    checkoutSessionId: decodeURIComponent(checkout.json().checkout_url.split('/').at(-1)),
    recipientId: recipient.json().id,
    ownerUserId: user.id,
    apiKeyId: apiKey.json().id,
    apiKey: apiKey.json().key,
    webhookId: await seedWebhook(t, client.id),
    ...(await seedStormEvent(t, client.id, location.json().id)),
  };
  return { user, token, seeded, contactUser };
}

/** A webhook endpoint with one delivery in its log, written directly (Bronze accounts have none by the API). */
async function seedWebhook(t: TestApp, clientId: number): Promise<number> {
  const now = new Date('2025-10-02T12:00:00Z');
  const [endpoint] = await t.database.db
    .insert(webhookEndpoints)
    .values({
      clientId,
      url: 'https://hooks.example.com/pluvio',
      events: ['alert.fired'],
      secret: 'whsec_x',
      createdAt: now,
    })
    .returning();
  const endpointId = endpoint?.id as number;
  await t.database.db.insert(webhookDeliveries).values({
    endpointId,
    eventId: `evt_seed_${endpointId}`,
    eventType: 'ping',
    body: '{}',
    status: 'delivered',
    nextAttemptAt: now,
    createdAt: now,
  });
  return endpointId;
}

/** A storm event that ended at the location, inspected once. */
async function seedStormEvent(t: TestApp, clientId: number, locationId: number) {
  const ended = new Date('2025-10-02T12:00:00Z');
  const stormEventId = await insertStormEvent(t.database.db, { locationId, endedAt: ended });
  const [inspection] = await t.database.db
    .insert(inspections)
    .values({
      locationId,
      eventId: stormEventId,
      inspectorName: 'Site Lead',
      inspectedAt: ended,
      bmps: ['Silt fence'],
      findings: 'Fine',
      notes: '',
      createdAt: ended,
      updatedAt: ended,
    })
    .returning();
  const inspectionId = inspection?.id as number;
  const [photo] = await t.database.db
    .insert(inspectionPhotos)
    .values({
      inspectionId,
      clientId,
      fileName: 'outfall.jpg',
      contentType: 'image/jpeg',
      bytes: 1000,
      thumbnailReady: true,
      uploadedByName: 'Site Lead',
      uploadedAt: ended,
    })
    .returning();
  return { stormEventId, inspectionId, photoId: photo?.id as number };
}

/** Everything a caller could read of an account, to compare before and after. */
async function snapshot(t: TestApp, superToken: string, account: Seeded) {
  const q = `client_id=${account.clientId}`;
  const reads = await Promise.all(
    [
      `/api/clients/${account.clientId}`,
      `/api/locations/?${q}`,
      `/api/contacts/?${q}`,
      `/api/locations/${account.locationId}/contacts?${q}`,
      `/api/contacts/${account.contactId}/locations?${q}`,
      `/api/clients/${account.clientId}/admins`,
      `/api/tasks/${account.taskId}`,
      `/api/storm-events/${account.stormEventId}?${q}`,
      `/api/inspections/${account.inspectionId}?${q}`,
      `/api/inspections?location_id=${account.locationId}&${q}`,
      `/api/routine-inspections?${q}`,
    ].map((url) => call(t.app, superToken, { url })),
  );
  return [
    ...reads.map((response) => {
      expect(response.statusCode).toBe(200);
      return response.json();
    }),
    // The owner's change of sign-in e-mail waiting for its link (issue 25).
    await t.services.emailChanges.pending(account.ownerUserId),
    // API keys are the owner's alone: no superuser reads them through the API.
    await t.database.db.select().from(apiKeys).where(eq(apiKeys.clientId, account.clientId)),
    // Webhook endpoints too, with their delivery logs.
    await t.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.clientId, account.clientId)),
    await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, account.webhookId)),
    // Nobody from another account stars its locations.
    await t.database.db
      .select()
      .from(locationFavourites)
      .where(eq(locationFavourites.locationId, account.locationId)),
  ];
}

/** A call with another account's ids; `gated` ones may be refused first for a tier too low (403). */
type ForeignCall = InjectOptions & { url: string; gated?: boolean };

/** Every endpoint that takes an id or an account, aimed at `foreign`; `own` supplies the caller's own ids. */
function foreignCalls(foreign: Seeded, own: Seeded): ForeignCall[] {
  const f = foreign;
  const fq = `client_id=${f.clientId}`;
  return [
    { method: 'GET', url: `/api/locations?${fq}` },
    { method: 'GET', url: `/api/locations/?${fq}&page=1&page_size=250` },
    { method: 'GET', url: `/api/locations/overview?${fq}` },
    { method: 'GET', url: `/api/locations/favourites?${fq}` },
    { method: 'PUT', url: `/api/locations/${f.locationId}/favourite` },
    { method: 'PUT', url: `/api/locations/${f.locationId}/favourite?${fq}` },
    { method: 'DELETE', url: `/api/locations/${f.locationId}/favourite?${fq}` },
    { method: 'GET', url: `/api/locations/${f.locationId}` },
    { method: 'POST', url: `/api/locations/?${fq}`, payload: LOCATION },
    { method: 'PATCH', url: `/api/locations/${f.locationId}`, payload: { name: 'Taken' } },
    { method: 'PATCH', url: `/api/locations/${f.locationId}?${fq}`, payload: { name: 'Taken' } },
    { method: 'DELETE', url: `/api/locations/${f.locationId}` },
    { method: 'DELETE', url: `/api/locations/${f.locationId}?${fq}` },
    { method: 'POST', url: '/api/locations/bulk-delete', payload: { ids: [f.locationId] }, gated: true },
    {
      method: 'POST',
      url: '/api/locations/bulk-delete',
      payload: { ids: [own.locationId, f.locationId] },
      gated: true,
    },
    {
      method: 'POST',
      url: `/api/locations/import?${fq}`,
      payload: {
        rows: [{ row: 2, name: 'X', latitude: 30, longitude: -95, h24_threshold: 1, rapidrain_threshold: 1 }],
      },
    },
    { method: 'GET', url: `/api/locations/${f.locationId}/contacts?${fq}&page=1&page_size=250` },
    { method: 'GET', url: `/api/locations/${f.locationId}/contacts` },
    { method: 'POST', url: `/api/locations/${f.locationId}/contacts`, payload: [own.contactId] },
    { method: 'POST', url: `/api/locations/${own.locationId}/contacts`, payload: [f.contactId] },
    { method: 'POST', url: `/api/locations/${f.locationId}/remove_contacts`, payload: [f.contactId] },
    { method: 'POST', url: `/api/locations/${f.locationId}/remove_contacts?${fq}`, payload: [f.contactId] },
    { method: 'GET', url: `/api/contacts?page=1&page_size=250&${fq}` },
    { method: 'GET', url: `/api/contacts/?${fq}` },
    { method: 'GET', url: `/api/contacts/${f.contactId}` },
    { method: 'POST', url: `/api/contacts/?${fq}`, payload: { name: 'Intruder', phone: '512-555-0199' } },
    { method: 'PATCH', url: `/api/contacts/${f.contactId}/`, payload: { name: 'Taken' } },
    { method: 'PATCH', url: `/api/contacts/${f.contactId}/?${fq}`, payload: { name: 'Taken' } },
    { method: 'DELETE', url: `/api/contacts/${f.contactId}` },
    { method: 'DELETE', url: `/api/contacts/${f.contactId}?${fq}` },
    { method: 'POST', url: '/api/contacts/bulk-delete', payload: { ids: [f.contactId] } },
    { method: 'POST', url: `/api/contacts/bulk-delete?${fq}`, payload: { ids: [f.contactId] } },
    { method: 'POST', url: '/api/contacts/bulk-delete', payload: { ids: [own.contactId, f.contactId] } },
    {
      method: 'POST',
      url: `/api/contacts/import?${fq}`,
      payload: { rows: [{ row: 2, name: 'X', phone: '512-555-0100', status: 'active' }] },
    },
    { method: 'GET', url: `/api/contacts/${f.contactId}/locations` },
    { method: 'GET', url: `/api/contacts/${f.contactId}/locations?${fq}` },
    { method: 'POST', url: `/api/contacts/${f.contactId}/locations`, payload: [own.locationId] },
    { method: 'POST', url: `/api/contacts/${own.contactId}/locations`, payload: [f.locationId] },
    { method: 'POST', url: `/api/contacts/${f.contactId}/remove_locations?${fq}`, payload: [f.locationId] },
    { method: 'GET', url: `/api/clients/${f.clientId}` },
    { method: 'PATCH', url: `/api/clients/${f.clientId}`, payload: { account_name: 'Taken' } },
    { method: 'PATCH', url: `/api/clients/${f.clientId}?${fq}`, payload: { daily_report_on: false } },
    { method: 'POST', url: `/api/clients/${f.clientId}/new`, payload: { account_name: 'Spin-off' } },
    { method: 'GET', url: `/api/clients/${f.clientId}/admins` },
    { method: 'POST', url: '/api/billing/checkout', payload: { client_id: f.clientId, tier: 'gold' } },
    { method: 'POST', url: '/api/billing/portal', payload: { client_id: f.clientId } },
    { method: 'GET', url: `/api/billing/subscription?${fq}` },
    { method: 'POST', url: '/api/billing/subscription/cancel', payload: { client_id: f.clientId } },
    { method: 'POST', url: '/api/billing/subscription/resume', payload: { client_id: f.clientId } },
    {
      method: 'POST',
      url: '/api/billing/subscription/plan',
      payload: { client_id: f.clientId, tier: 'bronze' },
    },
    { method: 'POST', url: '/api/billing/checkout/confirm', payload: { session_id: f.checkoutSessionId } },
    { method: 'POST', url: `/api/clients/${f.clientId}/admins?${fq}&user_id=${f.contactUserId}` },
    { method: 'DELETE', url: `/api/clients/${f.clientId}/admins/${f.contactUserId}` },
    { method: 'GET', url: `/api/clients/${f.clientId}/report-recipients` },
    {
      method: 'POST',
      url: `/api/clients/${f.clientId}/report-recipients`,
      payload: { email: 'intruder@example.org' },
    },
    { method: 'DELETE', url: `/api/clients/${f.clientId}/report-recipients/${f.recipientId}` },
    { method: 'DELETE', url: `/api/clients/${own.clientId}/report-recipients/${f.recipientId}` },
    { method: 'GET', url: `/api/alerts?${fq}` },
    { method: 'GET', url: `/api/storm-events?${fq}` },
    { method: 'GET', url: `/api/storm-events?location_id=${f.locationId}` },
    { method: 'GET', url: `/api/storm-events/pending?${fq}` },
    { method: 'GET', url: `/api/storm-events/${f.stormEventId}` },
    { method: 'GET', url: `/api/storm-events/${f.stormEventId}?${fq}` },
    {
      method: 'POST',
      url: `/api/storm-events/${f.stormEventId}/inspections`,
      payload: { inspected_at: '2025-10-02T13:00:00Z' },
    },
    { method: 'GET', url: `/api/inspections/${f.inspectionId}` },
    { method: 'GET', url: `/api/inspections?location_id=${f.locationId}` },
    { method: 'GET', url: `/api/inspections?location_id=${f.locationId}&${fq}` },
    { method: 'GET', url: `/api/routine-inspections?${fq}` },
    { method: 'GET', url: `/api/routine-inspections?location_id=${f.locationId}` },
    {
      method: 'POST',
      url: '/api/inspections',
      payload: { location_id: f.locationId, inspected_at: '2025-10-02T13:00:00Z' },
    },
    {
      method: 'POST',
      url: `/api/inspections?${fq}`,
      payload: { location_id: own.locationId, inspected_at: '2025-10-02T13:00:00Z' },
    },
    {
      method: 'POST',
      url: '/api/inspections',
      payload: photoForm([{ name: 'x.jpg', bytes: JPEG_START }], {
        location_id: f.locationId,
        inspected_at: '2025-10-02T13:00:00Z',
      }),
    },
    { method: 'PATCH', url: `/api/inspections/${f.inspectionId}`, payload: { findings: 'Changed' } },
    { method: 'PATCH', url: `/api/inspections/${f.inspectionId}?${fq}`, payload: { findings: 'Changed' } },
    {
      method: 'POST',
      url: `/api/storm-events/${f.stormEventId}/inspections`,
      payload: photoForm([{ name: 'x.jpg', bytes: JPEG_START }], { inspected_at: '2025-10-02T13:00:00Z' }),
    },
    {
      method: 'POST',
      url: `/api/inspections/${f.inspectionId}/photos`,
      payload: photoForm([{ name: 'x.jpg', bytes: JPEG_START }]),
    },
    {
      method: 'POST',
      url: `/api/inspections/${f.inspectionId}/photos?${fq}`,
      payload: photoForm([{ name: 'x.jpg', bytes: JPEG_START }]),
    },
    { method: 'GET', url: `/api/inspections/${f.inspectionId}/photos/${f.photoId}` },
    { method: 'GET', url: `/api/inspections/${f.inspectionId}/photos/${f.photoId}?${fq}&size=thumbnail` },
    { method: 'GET', url: `/api/inspections/${own.inspectionId}/photos/${f.photoId}` },
    { method: 'DELETE', url: `/api/inspections/${f.inspectionId}/photos/${f.photoId}` },
    { method: 'DELETE', url: `/api/inspections/${f.inspectionId}/photos/${f.photoId}?${fq}` },
    { method: 'DELETE', url: `/api/inspections/${own.inspectionId}/photos/${f.photoId}` },
    { method: 'POST', url: '/api/locations/24h_data', payload: [f.locationId] },
    { method: 'POST', url: `/api/locations/24h_data?${fq}`, payload: [own.locationId] },
    { method: 'POST', url: '/api/locations/24h_data?date=2026-11-20', payload: [f.locationId] },
    { method: 'GET', url: `/api/locations/${f.locationId}/hourly_data` },
    { method: 'GET', url: `/api/locations/${f.locationId}/hourly_data?${fq}&days=2` },
    { method: 'GET', url: `/api/locations/${f.locationId}/15m_data`, gated: true },
    { method: 'GET', url: `/api/locations/${f.locationId}/24h_data/2026-11-19/2026-11-20` },
    { method: 'GET', url: `/api/locations/${f.locationId}/forecast`, gated: true },
    { method: 'GET', url: `/api/locations/${f.locationId}/forecast?${fq}`, gated: true },
    { method: 'GET', url: `/api/reports/data_by_date_range/${MONTH}/${f.locationId}` },
    { method: 'GET', url: `/api/reports/data_by_date_range/${MONTH}/${f.locationId}?${fq}&format=csv` },
    { method: 'GET', url: `/api/reports/rapidrain_by_date_range/${MONTH}/${f.locationId}` },
    { method: 'GET', url: `/api/reports/data_by_date_range/${HISTORICAL_MONTH}/${f.locationId}` },
    {
      method: 'POST',
      url: `/api/reports/data_by_date_range/${HISTORICAL_MONTH}`,
      payload: { email_format: 'html', email_list: [], locations: [f.locationId] },
    },
    ...['data_by_date_range', 'rapidrain_by_date_range'].flatMap((path) => [
      {
        method: 'POST' as const,
        url: `/api/reports/${path}/${MONTH}`,
        payload: { email_format: 'pdf', email_list: ['x@example.com'], locations: [f.locationId] },
      },
      {
        method: 'POST' as const,
        url: `/api/reports/${path}/${MONTH}`,
        payload: {
          email_format: 'pdf',
          email_list: ['x@example.com'],
          locations: [own.locationId, f.locationId],
        },
      },
      {
        method: 'POST' as const,
        url: `/api/reports/${path}/${MONTH}?${fq}`,
        payload: { email_format: 'pdf', email_list: ['x@example.com'], locations: [own.locationId] },
      },
      {
        method: 'POST' as const,
        url: `/api/reports/${path}/${MONTH}/fee`,
        payload: { locations: [f.locationId] },
      },
    ]),
    { method: 'GET', url: `/api/tasks/${f.taskId}` },
    { method: 'GET', url: `/api/tasks/${f.taskId}/file` },
    { method: 'GET', url: `/api/api-keys?${fq}` },
    { method: 'POST', url: `/api/api-keys?${fq}`, payload: { name: 'Intruder', scope: 'read_write' } },
    { method: 'DELETE', url: `/api/api-keys/${f.apiKeyId}` },
    { method: 'DELETE', url: `/api/api-keys/${f.apiKeyId}?${fq}` },
    { method: 'GET', url: `/api/webhooks?${fq}` },
    {
      method: 'POST',
      url: `/api/webhooks?${fq}`,
      payload: { url: 'https://x.example.com', events: ['alert.fired'] },
    },
    { method: 'PATCH', url: `/api/webhooks/${f.webhookId}`, payload: { enabled: false } },
    { method: 'PATCH', url: `/api/webhooks/${f.webhookId}?${fq}`, payload: { url: 'https://x.example.com' } },
    { method: 'DELETE', url: `/api/webhooks/${f.webhookId}` },
    { method: 'DELETE', url: `/api/webhooks/${f.webhookId}?${fq}` },
    { method: 'POST', url: `/api/webhooks/${f.webhookId}/test` },
    { method: 'GET', url: `/api/webhooks/${f.webhookId}/deliveries` },
    { method: 'GET', url: `/api/webhooks/${f.webhookId}/deliveries?${fq}` },
    // The foreign owner's change of sign-in e-mail waits; the caller has none to resend or cancel.
    { method: 'POST', url: '/users/me/email-change/resend' },
    { method: 'DELETE', url: '/users/me/email-change' },
  ];
}

/** Routes an API key never calls (403 before any id is looked at). */
const NEVER_WITH_KEYS = /^\/(api\/billing|api\/api-keys|users\/me)[/?]/;

/** Calls that are refused by role or tier before any id is looked at. */
const ROLE_REFUSALS: (InjectOptions & { url: string })[] = [
  { method: 'GET', url: '/api/contacts/all/?a=true' },
  {
    method: 'POST',
    url: '/api/clients/',
    payload: { account_name: 'New', email: 'a@b.co', phone: '5125550100' },
  },
  { method: 'GET', url: '/api/services/ingest_status' },
  { method: 'GET', url: '/api/admin/outbox' },
  { method: 'GET', url: '/api/admin/deliveries' },
  { method: 'GET', url: '/api/admin/audit' },
  { method: 'GET', url: '/api/admin/health' },
  { method: 'POST', url: '/api/services/user-token?email=someone@example.com' },
  { method: 'GET', url: '/api/admin/users?search=a' },
  { method: 'GET', url: '/api/admin/outbox/1/attachment' },
  ...['sms', 'sockletlabs-email-report', 'unpaid', 'billing', 'files-processed'].flatMap((path) => [
    { method: 'GET' as const, url: `/api/reports/${path}?start_date=2026-11-01&end_date=2026-11-02` },
    {
      method: 'POST' as const,
      url: `/api/reports/${path}?start_date=2026-11-01&end_date=2026-11-02`,
      payload: { email_format: 'csv', email_list: ['x@example.com'] },
    },
  ]),
];

describe('tenant isolation (D10)', () => {
  let t: TestApp;
  let superToken: string;
  let foreign: Seeded;
  const callers: {
    name: string;
    token: string;
    own: Seeded;
    refusedByRole: boolean;
    belowGold?: boolean;
    /** An API key: refused (403) on billing and the owner's sign-in details, and on lists of every account. */
    apiKey?: boolean;
  }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await buildUser(t.services, { isSuperuser: true, role: 'admin' });
    superToken = (await login(t.app, admin.email)).token;
    const foreignAccount = await seedAccount(t, 'gold');
    foreign = foreignAccount.seeded;
    const emailChange = await call(t.app, foreignAccount.token, {
      method: 'PATCH',
      url: '/users/me',
      payload: { email: `moving-${foreign.ownerUserId}@example.com`, current_password: TEST_PASSWORD },
    });
    expect(emailChange.json().pending_email).toBe(`moving-${foreign.ownerUserId}@example.com`);

    const gold = await seedAccount(t, 'gold');
    callers.push({ name: 'gold owner', token: gold.token, own: gold.seeded, refusedByRole: false });
    callers.push({
      name: "gold owner's API key",
      token: gold.seeded.apiKey,
      own: gold.seeded,
      refusedByRole: false,
      apiKey: true,
    });
    const coOwnerPromotion = await call(t.app, gold.token, {
      method: 'PATCH',
      url: `/api/contacts/${gold.seeded.contactId}`,
      payload: { co_owner: true },
    });
    expect(coOwnerPromotion.statusCode).toBe(200);
    const coOwner = await login(t.app, gold.contactUser.email);
    callers.push({ name: 'co-owner', token: coOwner.token, own: gold.seeded, refusedByRole: false });

    const silver = await seedAccount(t, 'silver');
    const plainContact = await login(t.app, silver.contactUser.email);
    callers.push({
      name: 'plain contact',
      token: plainContact.token,
      own: silver.seeded,
      refusedByRole: true,
    });

    const bronze = await seedAccount(t, 'bronze');
    callers.push({
      name: 'bronze owner',
      token: bronze.token,
      own: bronze.seeded,
      refusedByRole: false,
      belowGold: true,
    });
    const trial = await seedAccount(t, 'gold', true);
    callers.push({ name: 'trial owner', token: trial.token, own: trial.seeded, refusedByRole: false });
  });
  afterAll(() => t.close());

  it("answers 404 (or 403 for a role or tier too low) to every call with another account's ids and changes nothing", async () => {
    const before = await snapshot(t, superToken, foreign);
    const unexpected: string[] = [];
    for (const caller of callers) {
      for (const options of foreignCalls(foreign, caller.own)) {
        const response = await call(t.app, caller.token, options);
        const allowed =
          caller.refusedByRole || (options.gated && caller.belowGold)
            ? [403, 404]
            : caller.apiKey && NEVER_WITH_KEYS.test(options.url)
              ? [403]
              : [404];
        if (!allowed.includes(response.statusCode)) {
          unexpected.push(`${caller.name}: ${options.method} ${options.url} -> ${response.statusCode}`);
        }
      }
      for (const options of ROLE_REFUSALS) {
        const response = await call(t.app, caller.token, options);
        if (response.statusCode !== 403) {
          unexpected.push(`${caller.name}: ${options.method} ${options.url} -> ${response.statusCode}`);
        }
      }
    }
    expect(unexpected).toEqual([]);
    expect(await snapshot(t, superToken, foreign)).toEqual(before);
  });

  it("never lists another account's rows", async () => {
    for (const caller of callers.filter((each) => !each.apiKey)) {
      const clients = await call(t.app, caller.token, { url: '/api/clients/' });
      expect(clients.statusCode).toBe(200);
      expect(clients.json().map((client: { id: number }) => client.id)).not.toContain(foreign.clientId);
      const locations = await call(t.app, caller.token, { url: '/api/locations/' });
      expect(locations.json().map((location: { id: number }) => location.id)).not.toContain(
        foreign.locationId,
      );
      const overview = await call(t.app, caller.token, { url: '/api/locations/overview' });
      expect(overview.statusCode).toBe(200);
      expect(overview.json().id).not.toContain(foreign.locationId);
    }
  });

  it('lets a superuser reach any account by client_id, but not add contacts', async () => {
    const q = `client_id=${foreign.clientId}`;
    const locations = await call(t.app, superToken, { url: `/api/locations/?${q}` });
    expect(locations.json().map((location: { id: number }) => location.id)).toEqual([foreign.locationId]);
    const contact = await call(t.app, superToken, {
      method: 'POST',
      url: `/api/contacts/?${q}`,
      payload: { name: 'Staff', phone: '512-555-0100' },
    });
    expect(contact.statusCode).toBe(403);
  });
});
