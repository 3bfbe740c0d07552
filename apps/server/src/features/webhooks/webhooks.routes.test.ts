import { WEBHOOK_MESSAGES } from '@pluvio/shared/webhooks';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/db/client';
import { auditLog } from '../../core/tables/audit';
import { bearer, buildContactUser, buildOwnedClient, login } from '../../test/factories';
import { scriptedStorm } from '../../test/scripted-storm';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';
import { createWebhooksService } from './webhooks.service';

const HOUR = 3_600_000;

describe('webhooks', () => {
  const clock = manualClock();
  const lines: string[] = [];
  let t: TestApp;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestApp({
      clock,
      env: { WEBHOOKS_PER_ACCOUNT: '3', WEBHOOK_TIMEOUT_SECONDS: '0.3', LOG_LEVEL: 'info' },
      logStream: { write: (line) => lines.push(line) },
    });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.answers.length = 0;
    receiver.state.hang = false;
  });

  const send = (token: string, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...bearer(token), ...options.headers } });

  /** A Silver account's owner with one endpoint at the receiver, whose secret the receiver checks with. */
  async function endpoint(events: string[] = ['alert.fired'], tier: 'silver' | 'gold' = 'silver') {
    const { user, client } = await buildOwnedClient(t.services, undefined, { tier });
    const { token } = await login(t.app, user.email);
    const created = await send(token, {
      method: 'POST',
      url: `/api/webhooks?client_id=${client.id}`,
      payload: { url: receiver.url, events },
    });
    expect(created.statusCode, created.body).toBe(201);
    receiver.state.secret = created.json().secret;
    return { user, client, token, id: created.json().id as number, secret: created.json().secret as string };
  }

  const deliveries = async (token: string, id: number) =>
    (await send(token, { url: `/api/webhooks/${id}/deliveries` })).json();

  it('shows the secret once, lists endpoints without it, and audits creation and deletion', async () => {
    const { client, token, id, secret } = await endpoint(['alert.fired', 'daily_report.sent']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const list = await send(token, { url: `/api/webhooks?client_id=${client.id}` });
    expect(list.json()).toEqual([
      {
        id,
        url: receiver.url,
        events: ['alert.fired', 'daily_report.sent'],
        enabled: true,
        disabled_reason: null,
        created_at: clock.now().toISOString(),
      },
    ]);
    expect(list.body).not.toContain(secret);

    const changed = await send(token, {
      method: 'PATCH',
      url: `/api/webhooks/${id}`,
      payload: { events: ['storm_event.opened'] },
    });
    expect(changed.json()).toMatchObject({ id, events: ['storm_event.opened'], enabled: true });

    expect((await send(token, { method: 'DELETE', url: `/api/webhooks/${id}` })).statusCode).toBe(204);
    expect((await send(token, { url: `/api/webhooks?client_id=${client.id}` })).json()).toEqual([]);
    const entries = await t.database.db.select().from(auditLog);
    const ours = entries.filter((entry) => entry.clientId === client.id).map((entry) => entry.action);
    expect(ours).toEqual(expect.arrayContaining(['webhook_created', 'webhook_deleted']));
    expect(JSON.stringify(entries)).not.toContain(secret);
    expect(lines.join('\n')).not.toContain(secret);
  });

  it('sends a signed test event the receiver verifies, and logs its answer code', async () => {
    const { client, token, id } = await endpoint();
    const queued = await send(token, { method: 'POST', url: `/api/webhooks/${id}/test` });
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toEqual({
      delivery_id: expect.any(Number),
      event_id: expect.stringMatching(/^evt_/),
    });
    expect(await t.services.webhooks.deliverDue()).toBe(1);

    expect(receiver.received).toHaveLength(1);
    const [ping] = receiver.received;
    expect(ping?.verified).toBe(true);
    expect(ping?.headers['content-type']).toBe('application/json');
    expect(ping?.headers['user-agent']).toBe('Pluvio-Webhooks/1');
    expect(ping?.headers['pluvio-signature']).toMatch(
      new RegExp(`^t=${Math.floor(clock.now().getTime() / 1000)},v1=[0-9a-f]{64}$`),
    );
    expect(ping?.event).toMatchObject({
      id: queued.json().event_id,
      type: 'ping',
      client_id: client.id,
      created_at: clock.now().toISOString(),
    });
    expect(await deliveries(token, id)).toEqual([
      {
        id: queued.json().delivery_id,
        event_id: queued.json().event_id,
        event_type: 'ping',
        status: 'delivered',
        attempts: 1,
        response_code: 200,
        error: null,
        created_at: clock.now().toISOString(),
        delivered_at: clock.now().toISOString(),
        next_attempt_at: null,
      },
    ]);
    // Sent once: the next run finds nothing due.
    expect(await t.services.webhooks.deliverDue()).toBe(0);
  });

  it('delivers alert.fired from the real alert path, only to endpoints subscribed to it', async () => {
    const { client, token, id } = await endpoint(['alert.fired']);
    const other = await send(token, {
      method: 'POST',
      url: `/api/webhooks?client_id=${client.id}`,
      payload: { url: receiver.url, events: ['daily_report.sent'] },
    });
    const [site] = await t.services.locations.createMany([
      { clientId: client.id, name: 'Depot 33.01', latitude: 33.01, longitude: -95, h24Threshold: 0.5 },
    ]);
    const hour = new Date('2026-06-03T15:00:00Z');
    clock.set(new Date('2026-06-03T16:05:00Z'));
    await scriptedStorm(t, clock, [33.01], hour).ingestRange(new Date('2026-06-03T14:00:00Z'), hour);
    await t.services.alerts.run();
    await Promise.all([t.services.alerts.run(), t.services.webhooks.deliverDue()]);
    await t.services.webhooks.deliverDue();

    const fired = receiver.received.filter((item) => item.event.type === 'alert.fired');
    expect(fired).toHaveLength(1);
    expect(fired[0]?.verified).toBe(true);
    expect(fired[0]?.event).toMatchObject({
      client_id: client.id,
      data: {
        kind: 'exceed24h',
        location_id: site?.id,
        location_name: 'Depot 33.01',
        value: 0.8,
        threshold: 0.5,
        fired_at: hour.toISOString(),
      },
    });
    expect(await deliveries(token, other.json().id)).toEqual([]);
    expect((await deliveries(token, id))[0]).toMatchObject({
      event_type: 'alert.fired',
      status: 'delivered',
    });
  });

  it('records storm events, inspection notices, the daily report and inspections for the endpoints subscribed to them', async () => {
    const { user, client, id } = await endpoint([
      'storm_event.opened',
      'storm_event.closed',
      'inspection.due',
      'daily_report.sent',
      'inspection.recorded',
    ]);
    const [site] = await t.services.locations.createMany([
      { clientId: client.id, name: 'Pond 34.01', latitude: 34.01, longitude: -95, h24Threshold: 0.5 },
    ]);
    const siteId = site?.id as number;
    await t.database.db.execute(sql`delete from rainfall_history_fills where location_id = ${siteId}`);
    await t.database.db.execute(sql`update locations set storm_threshold = 0.25 where id = ${siteId}`);
    const hour = new Date('2026-07-06T15:00:00Z');
    clock.set(new Date('2026-07-07T02:00:00Z'));
    await scriptedStorm(t, clock, [34.01], hour).ingestRange(new Date('2026-07-06T13:00:00Z'), clock.now());
    await t.services.stormDetection.detectDue();
    await t.services.inspectionNotices.notifyDue();
    clock.set(new Date('2026-07-07T13:05:00Z'));
    await t.services.dailyReport.sendDue();
    // Weeks later by the clock: the owner signs in again.
    const { token: fresh } = await login(t.app, user.email);
    const inspection = await send(fresh, {
      method: 'POST',
      url: `/api/inspections?client_id=${client.id}`,
      payload: {
        location_id: siteId,
        inspected_at: '2026-07-07T12:00:00Z',
        bmps: ['Silt fence'],
        corrective_actions: [],
      },
    });
    expect(inspection.statusCode, inspection.body).toBe(201);

    const recorded = (await deliveries(fresh, id)) as { event_type: string }[];
    expect(recorded.map((delivery) => delivery.event_type).sort()).toEqual(
      [
        'daily_report.sent',
        'inspection.due',
        'inspection.recorded',
        'storm_event.closed',
        'storm_event.opened',
      ].sort(),
    );
    await t.services.webhooks.deliverDue();
    // Endpoints of earlier tests' accounts hear of their own daily reports, signed with their own secrets.
    const ours = receiver.received.filter((item) => item.event.client_id === client.id);
    const byType = new Map(ours.map((item) => [item.event.type, item.event.data]));
    expect(byType.get('storm_event.opened')).toMatchObject({
      location_id: siteId,
      location_name: 'Pond 34.01',
      total: 0.8,
    });
    expect(byType.get('daily_report.sent')).toMatchObject({ date: '2026-07-06', location_count: 1 });
    expect(byType.get('inspection.recorded')).toMatchObject({ location_id: siteId, storm_event_id: null });
    expect(ours.map((item) => item.verified)).toEqual([true, true, true, true, true]);
  });

  it('retries a failed delivery with the same event id until the endpoint takes it', async () => {
    const { token, id } = await endpoint();
    receiver.answers.push(500);
    await send(token, { method: 'POST', url: `/api/webhooks/${id}/test` });
    await t.services.webhooks.deliverDue();
    const [retrying] = await deliveries(token, id);
    expect(retrying).toMatchObject({
      status: 'retrying',
      attempts: 1,
      response_code: 500,
      error: 'HTTP 500',
    });
    expect(retrying.next_attempt_at).toBe(new Date(clock.now().getTime() + 30_000).toISOString());
    expect(await t.services.webhooks.deliverDue()).toBe(0);

    clock.advance(30_000);
    await t.services.webhooks.deliverDue();
    expect((await deliveries(token, id))[0]).toMatchObject({
      status: 'delivered',
      attempts: 2,
      response_code: 200,
    });
    const ids = receiver.received.map((item) => item.event.id);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(1);
    expect(receiver.received.every((item) => item.verified)).toBe(true);
  });

  it('gives up after 24 hours of failures: the endpoint is disabled and its owner told by e-mail', async () => {
    const { user, client, token: first, id } = await endpoint();
    receiver.answers.push(...Array.from({ length: 100 }, () => 503));
    await send(first, { method: 'POST', url: `/api/webhooks/${id}/test` });
    for (let hour = 0; hour <= 25; hour++) {
      await t.services.webhooks.deliverDue();
      clock.advance(HOUR);
    }
    // A day later: the owner signs in again.
    const { token } = await login(t.app, user.email);
    const [delivery] = await deliveries(token, id);
    expect(delivery).toMatchObject({ status: 'failed', response_code: 503, next_attempt_at: null });
    const [listed] = (await send(token, { url: `/api/webhooks?client_id=${client.id}` })).json();
    expect(listed.enabled).toBe(false);
    expect(listed.disabled_reason).toContain('24 hours');
    const mail = await queryRows<{ subject: string; text_body: string }>(
      t.database.db,
      sql`select subject, text_body from outbox where kind = 'webhook_disabled' and recipient = ${user.email}`,
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toContain('Webhook endpoint disabled');
    expect(mail[0]?.text_body).toContain(receiver.url);
    expect(mail[0]?.text_body).toContain('/client-form');

    const refused = await send(token, { method: 'POST', url: `/api/webhooks/${id}/test` });
    expect([refused.statusCode, refused.json()]).toEqual([409, { detail: WEBHOOK_MESSAGES.disabled }]);
    const enabled = await send(token, {
      method: 'PATCH',
      url: `/api/webhooks/${id}`,
      payload: { enabled: true },
    });
    expect(enabled.json()).toMatchObject({ enabled: true, disabled_reason: null });
  });

  it('cuts a request that gets no answer within the time limit, and tries again later', async () => {
    const { token, id } = await endpoint();
    receiver.state.hang = true;
    await send(token, { method: 'POST', url: `/api/webhooks/${id}/test` });
    const started = Date.now();
    await t.services.webhooks.deliverDue();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await deliveries(token, id))[0]).toMatchObject({
      status: 'retrying',
      response_code: null,
      error: 'No answer within the time limit',
    });
  });

  it('delivers each event once when two workers run at the same time', async () => {
    const { token, id } = await endpoint();
    for (let n = 0; n < 6; n++) await send(token, { method: 'POST', url: `/api/webhooks/${id}/test` });
    const worker = () =>
      createWebhooksService(t.database.db, {
        clock,
        production: false,
        publicUrl: 'http://localhost:3000',
        limits: { perAccount: 3, timeoutMs: 2_000, retryHours: 24 },
        audit: t.services.audit,
        outboxIn: t.services.outboxIn,
      });
    const counts = await Promise.all([worker().deliverDue(), worker().deliverDue()]);
    expect(counts[0] + counts[1]).toBe(6);
    const ids = receiver.received.map((item) => item.event.id);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
  });

  it('refuses bad URLs and events with clear messages, creating nothing', async () => {
    const { client, token } = await endpoint();
    const url = `/api/webhooks?client_id=${client.id}`;
    const cases: [Record<string, unknown>, string][] = [
      [{ url: 'ftp://example.com/hook', events: ['alert.fired'] }, WEBHOOK_MESSAGES.httpsOnly],
      [{ url: 'http://example.com/hook', events: ['alert.fired'] }, WEBHOOK_MESSAGES.httpsOnly],
      [{ url: 'not a url', events: ['alert.fired'] }, WEBHOOK_MESSAGES.url],
      [{ url: 'https://example.com/hook', events: [] }, WEBHOOK_MESSAGES.events],
      [{ url: 'https://example.com/hook', events: ['rain.fell'] }, WEBHOOK_MESSAGES.eventType],
    ];
    for (const [payload, message] of cases) {
      const refused = await send(token, { method: 'POST', url, payload });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
      expect(JSON.stringify(refused.json().detail)).toContain(message);
    }
    expect((await send(token, { url })).json()).toHaveLength(1);
  });

  it('lets only the owner of a Silver or Gold account manage endpoints, up to the limit, and hides other accounts’ ones', async () => {
    const { client, token, id } = await endpoint();
    const url = `/api/webhooks?client_id=${client.id}`;
    const body = { url: receiver.url, events: ['alert.fired'] };
    const coOwner = await buildContactUser(t.services, client.id, { coOwner: true });
    const coOwnerToken = (await login(t.app, coOwner.user.email)).token;
    const byCoOwner = await send(coOwnerToken, { method: 'POST', url, payload: body });
    expect([byCoOwner.statusCode, byCoOwner.json()]).toEqual([403, { detail: WEBHOOK_MESSAGES.ownersOnly }]);
    expect((await send(coOwnerToken, { url: `/api/webhooks/${id}/deliveries` })).statusCode).toBe(403);

    const bronze = await buildOwnedClient(t.services, undefined, { tier: 'bronze' });
    const bronzeToken = (await login(t.app, bronze.user.email)).token;
    const below = await send(bronzeToken, {
      method: 'POST',
      url: `/api/webhooks?client_id=${bronze.client.id}`,
      payload: body,
    });
    expect([below.statusCode, below.json()]).toEqual([403, { detail: WEBHOOK_MESSAGES.plan }]);

    for (const expected of [201, 201, 409]) {
      expect((await send(token, { method: 'POST', url, payload: body })).statusCode).toBe(expected);
    }
    const over = await send(token, { method: 'POST', url, payload: body });
    expect(over.json()).toEqual({ detail: WEBHOOK_MESSAGES.limit(3) });

    const stranger = await endpoint();
    const theirs: InjectOptions[] = [
      { method: 'PATCH', url: `/api/webhooks/${stranger.id}`, payload: { enabled: false } },
      { method: 'DELETE', url: `/api/webhooks/${stranger.id}` },
      { method: 'POST', url: `/api/webhooks/${stranger.id}/test` },
      { method: 'GET', url: `/api/webhooks/${stranger.id}/deliveries` },
    ];
    for (const options of theirs) {
      const response = await send(token, options);
      expect([response.statusCode, options.url]).toEqual([404, options.url]);
      expect(response.json()).toEqual({ detail: WEBHOOK_MESSAGES.notFound });
    }
  });

  it("lets the owner's API keys manage endpoints, a read key only list them", async () => {
    const { client, token, id, secret } = await endpoint();
    const keyOf = async (scope: 'read' | 'read_write') =>
      (
        await send(token, {
          method: 'POST',
          url: `/api/api-keys?client_id=${client.id}`,
          payload: { name: `Hooks ${scope}`, scope },
        })
      ).json().key as string;
    const readKey = await keyOf('read');
    const listed = await send(readKey, { url: '/api/webhooks' });
    expect(listed.json().map((hook: { id: number }) => hook.id)).toEqual([id]);
    expect(listed.body).not.toContain(secret);
    const body = { url: receiver.url, events: ['alert.fired'] };
    expect((await send(readKey, { method: 'POST', url: '/api/webhooks', payload: body })).statusCode).toBe(
      403,
    );
    const writeKey = await keyOf('read_write');
    expect((await send(writeKey, { method: 'POST', url: '/api/webhooks', payload: body })).statusCode).toBe(
      201,
    );
  });

  it('keeps delivered and failed deliveries in the log for 30 days, and waiting ones until they are sent', async () => {
    const { user, token, id } = await endpoint();
    await send(token, { method: 'POST', url: `/api/webhooks/${id}/test` });
    await t.services.webhooks.deliverDue();
    receiver.state.hang = true;
    await send(token, { method: 'POST', url: `/api/webhooks/${id}/test` });
    await t.services.webhooks.deliverDue();
    clock.advance(29 * 24 * HOUR);
    await t.services.webhooks.forgetOldDeliveries();
    const { token: later } = await login(t.app, user.email);
    const statuses = async (bearerToken: string) =>
      (await deliveries(bearerToken, id)).map((delivery: { status: string }) => delivery.status);
    expect(await statuses(later)).toEqual(['retrying', 'delivered']);
    clock.advance(2 * 24 * HOUR);
    await t.services.webhooks.forgetOldDeliveries();
    const { token: latest } = await login(t.app, user.email);
    expect(await statuses(latest)).toEqual(['retrying']);
  });

  it('lists the webhook routes in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/docs/json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/webhooks',
        '/api/webhooks/{id}',
        '/api/webhooks/{id}/test',
        '/api/webhooks/{id}/deliveries',
      ]),
    );
    expect(Object.keys(document.paths['/api/webhooks'])).toEqual(['post', 'get']);
  });
});
