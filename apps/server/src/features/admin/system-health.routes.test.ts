import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildContactUser, buildOwnedClient, buildUser, login } from '../../test/factories';
import { ingestionFrom, scriptedSource } from '../../test/scripted-source';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import { PermanentDeliveryError } from '../notifications/delivery-error';
import type { MailTransport } from '../notifications/mail-transport';

/** Accepts every e-mail except to addresses starting with 'bounce', which the server refuses for good. */
const bouncingTransport: MailTransport = {
  kind: 'smtp',
  async send(message) {
    if (message.to.startsWith('bounce')) throw new PermanentDeliveryError('550 No such mailbox');
    return { providerMessageId: `smtp-${message.messageId}` };
  },
};

const email = (to: string) => ({ to, subject: 'Rain alert', text: 'Rain', html: null, kind: 'alert' });

describe('GET /api/admin/health', () => {
  // New York days: EST in November (UTC-5).
  const clock = manualClock(new Date('2026-11-20T15:00:00Z'));
  let t: TestApp;
  let adminEmail: string;
  const scripted = scriptedSource(() => 0.1);

  const health = (token?: string) =>
    t.app.inject({ url: '/api/admin/health', headers: token ? bearer(token) : {} });
  // Signs in at the clock's time: the test moves the clock past an access token's life.
  const asAdmin = async () => health((await login(t.app, adminEmail)).token);
  const pass = async (number: 1 | 2) =>
    (await asAdmin()).json().passes.find((entry: { pass: number }) => entry.pass === number);

  beforeAll(async () => {
    t = await createTestApp({ clock, mailTransport: bouncingTransport });
    const admin = await buildUser(t.services, { isSuperuser: true, role: 'admin' });
    adminEmail = admin.email;
    const { client } = await buildOwnedClient(t.services);
    await t.services.locations.createMany([
      { clientId: client.id, name: 'Yard', latitude: 29.8, longitude: -95.4 },
    ]);
  });
  afterAll(() => t.close());

  it('answers superusers only: owners and contacts 403, anonymous callers 401, each with a detail', async () => {
    const { user: owner, client } = await buildOwnedClient(t.services);
    const { user: contact } = await buildContactUser(t.services, client.id);
    for (const user of [owner, contact]) {
      const response = await health((await login(t.app, user.email)).token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: expect.any(String) });
    }
    const anonymous = await health();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: expect.any(String) });
    expect((await asAdmin()).statusCode).toBe(200);
  });

  it("counts today's e-mails and texts only, and turns the e-mail card amber while messages fail", async () => {
    clock.set(new Date('2026-11-21T04:30:00Z')); // Nov 20, 11:30 PM: yesterday
    await t.services.outbox.enqueueEmail(email('yesterday@example.com'));
    await t.services.outbox.deliverDue();
    clock.set(new Date('2026-11-21T15:00:00Z')); // Nov 21, 10 AM
    await t.services.outbox.enqueueEmail(email('alice@example.com'));
    await t.services.outbox.enqueueEmail(email('bounce-bob@example.com'));
    await t.services.outbox.deliverDue();
    await t.services.outbox.enqueueEmail(email('carol@example.com'));
    await t.services.outbox.enqueueSms({ to: '+15125550100', text: 'Rain alert', kind: 'alert' });

    const body = (await asAdmin()).json();
    expect(body.date).toBe('2026-11-21');
    expect(body.emails).toEqual({
      total: 3,
      sent: 1,
      errors: 1,
      held: 0,
      waiting: 1,
      level: 'amber',
      reasons: ['1 message failed today'],
    });
    // No SMS provider is configured: the text is kept in the outbox.
    expect(body.sms).toEqual({ total: 1, sent: 0, errors: 0, held: 1, waiting: 0, level: 'ok', reasons: [] });
  });

  it('reports each pass: nothing stored, then its newest hour, arrival, lateness, failed and retried fields', async () => {
    clock.set(new Date('2026-11-21T15:10:00Z'));
    expect(await pass(1)).toMatchObject({
      newest_hour: null,
      level: 'amber',
      reasons: ['No hour stored yet'],
    });

    const ingestion = ingestionFrom(t, clock, scripted.source);
    // At 15:10 Pass 1 of the hour ending 14:00 is out, Pass 2 up to the hour ending 13:00, which fails.
    scripted.fail({ product: '1h', endsAt: new Date('2026-11-21T13:00:00Z'), pass: 2 }, 'HTTP 503');
    await ingestion.ingestDue();

    expect(await pass(1)).toEqual({
      pass: 1,
      newest_hour: '2026-11-21T14:00:00.000Z',
      arrived_at: '2026-11-21T15:10:00.000Z',
      next_due_at: '2026-11-21T16:15:00.000Z',
      minutes_late: 0,
      failed: 0,
      retried: 0,
      level: 'ok',
      reasons: [],
    });
    expect(await pass(2)).toMatchObject({
      newest_hour: '2026-11-21T12:00:00.000Z',
      next_due_at: '2026-11-21T15:15:00.000Z',
      minutes_late: 0,
      failed: 1,
      level: 'red',
      reasons: ['1 field failed today'],
    });

    // Nothing arrives for almost two hours: both passes are late.
    clock.set(new Date('2026-11-21T17:00:00Z'));
    expect(await pass(1)).toMatchObject({
      minutes_late: 45,
      level: 'amber',
      reasons: ['Next hour 45 min late'],
    });
    expect(await pass(2)).toMatchObject({
      minutes_late: 105,
      level: 'red',
      reasons: ['Next hour 1 h 45 min late', '1 field failed today'],
    });

    // The source recovers: the failed field is stored on its second attempt.
    scripted.recover();
    await ingestion.ingestDue();
    expect(await pass(1)).toMatchObject({ newest_hour: '2026-11-21T16:00:00.000Z', level: 'ok' });
    expect(await pass(2)).toMatchObject({
      newest_hour: '2026-11-21T15:00:00.000Z',
      failed: 0,
      retried: 1,
      level: 'ok',
      reasons: [],
    });
  });
});
