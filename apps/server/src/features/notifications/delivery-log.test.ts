import { randomBytes } from 'node:crypto';
import { DELIVERY_LOG_MESSAGES } from '@pluvio/shared/outbox.schemas';
import { RAINFALL_MESSAGES } from '@pluvio/shared/rainfall';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildOwnedClient, buildUser, login } from '../../test/factories';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import { PermanentDeliveryError } from './delivery-error';
import type { MailTransport } from './mail-transport';

/** Accepts every e-mail except to addresses starting with 'bounce', which the server refuses for good. */
const bouncingTransport: MailTransport = {
  kind: 'smtp',
  async send(message) {
    if (message.to.startsWith('bounce')) throw new PermanentDeliveryError('550 No such mailbox');
    return { providerMessageId: `smtp-${message.messageId}` };
  },
};

const address = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}@example.com`;

describe('delivery log', () => {
  // Days are New York days (EST in November, UTC-5).
  const clock = manualClock();
  let t: TestApp;
  let adminToken: string;
  let clientToken: string;
  const alice = address('alice');
  const bob = address('bounce-bob');

  async function forgotPassword(email: string) {
    await t.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email } });
  }

  async function deliveries(query: string, token = adminToken) {
    return t.app.inject({ url: `/api/admin/deliveries${query}`, headers: bearer(token) });
  }

  beforeAll(async () => {
    t = await createTestApp({ clock, mailTransport: bouncingTransport });
    // Two accounts' users: the log is system-wide.
    const { user: aliceUser } = await buildOwnedClient(
      t.services,
      await buildUser(t.services, { email: alice }),
    );
    const { user: bobUser } = await buildOwnedClient(t.services, await buildUser(t.services, { email: bob }));
    const admin = await buildUser(t.services, { isSuperuser: true, role: 'admin' });

    clock.set(new Date('2026-11-20T15:00:00Z')); // Nov 20, 10:00 AM: sent
    await forgotPassword(aliceUser.email);
    await t.services.outbox.deliverDue();
    clock.set(new Date('2026-11-21T04:30:00Z')); // Nov 20, 11:30 PM: held (no SMS provider)
    await t.services.outbox.enqueueSms({ to: bobUser.phone ?? '', text: 'Rain alert', kind: 'alert' });
    clock.set(new Date('2026-11-21T15:00:00Z')); // Nov 21: refused by the mail server
    await forgotPassword(bobUser.email);
    await t.services.outbox.deliverDue();
    clock.set(new Date('2026-11-22T05:30:00Z')); // Nov 22, 12:30 AM: still queued
    await forgotPassword(aliceUser.email);

    adminToken = (await login(t.app, admin.email)).token;
    clientToken = (await login(t.app, aliceUser.email)).token;
  });
  afterAll(() => t.close());

  it("shows a superuser every account's messages, newest first, with counts by status and no bodies", async () => {
    const response = await deliveries('');
    expect(response.statusCode).toBe(200);
    const log = response.json();
    expect(log).toMatchObject({
      total: 4,
      page: 1,
      page_size: 50,
      counts: { queued: 1, sending: 0, sent: 1, delivered: 0, failed: 1, held: 1 },
    });
    expect(log.items).toMatchObject([
      { channel: 'email', recipient: alice, status: 'queued', queued_at: '2026-11-22T05:30:00.000Z' },
      {
        channel: 'email',
        recipient: bob,
        kind: 'reset_password',
        subject: 'Reset your Pluvio password',
        status: 'failed',
        last_error: '550 No such mailbox',
        attempts: 1,
        sent_at: null,
      },
      { channel: 'sms', recipient: '+15125550111', kind: 'alert', subject: null, status: 'held' },
      {
        channel: 'email',
        recipient: alice,
        status: 'sent',
        status_at: '2026-11-20T15:00:00.000Z',
        sent_at: '2026-11-20T15:00:00.000Z',
      },
    ]);
    for (const item of log.items) expect(Object.keys(item)).not.toContain('text');
  });

  it('takes dates as whole days of the product time zone, both included', async () => {
    const nov20 = (await deliveries('?start_date=2026-11-20&end_date=2026-11-20')).json();
    expect(nov20.items.map((item: { channel: string }) => item.channel)).toEqual(['sms', 'email']);
    expect(nov20.counts).toMatchObject({ sent: 1, held: 1, failed: 0, queued: 0 });

    const fromNov21 = (await deliveries('?start_date=2026-11-21')).json();
    expect(fromNov21.items.map((item: { status: string }) => item.status)).toEqual(['queued', 'failed']);
    const untilNov21 = (await deliveries('?end_date=2026-11-21')).json();
    expect(untilNov21.total).toBe(3);
  });

  it('filters by channel, status and kind, counting the range whatever the status filter', async () => {
    const failedEmails = (await deliveries('?channel=email&status=failed')).json();
    expect(failedEmails.items.map((item: { recipient: string }) => item.recipient)).toEqual([bob]);
    expect(failedEmails.total).toBe(1);
    expect(failedEmails.counts).toEqual({ queued: 1, sending: 0, sent: 1, delivered: 0, failed: 1, held: 0 });

    const texts = (await deliveries('?channel=sms')).json();
    expect(texts).toMatchObject({ total: 1, counts: { held: 1, sent: 0 } });
    expect((await deliveries('?kind=reset_password')).json().total).toBe(3);
  });

  it('pages through the messages', async () => {
    const second = (await deliveries('?page=2&page_size=1')).json();
    expect(second).toMatchObject({ total: 4, page: 2, page_size: 1, items: [{ recipient: bob }] });
    expect((await deliveries('?page=5&page_size=1')).json()).toMatchObject({ total: 4, items: [] });
  });

  it('is refused to a user who is not a superuser', async () => {
    expect((await deliveries('', clientToken)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/deliveries' })).statusCode).toBe(401);
  });

  it.each([
    ['?start_date=2026-02-30', RAINFALL_MESSAGES.date],
    ['?end_date=11/21/2026', RAINFALL_MESSAGES.date],
    ['?start_date=2026-11-22&end_date=2026-11-21', RAINFALL_MESSAGES.dateOrder],
    ['?status=bounced', DELIVERY_LOG_MESSAGES.status],
    ['?channel=fax', DELIVERY_LOG_MESSAGES.channel],
  ])('answers %s with a message that says what is wrong', async (query, message) => {
    const response = await deliveries(query);
    expect(response.statusCode).toBe(422);
    expect(response.json().detail[0].msg).toBe(message);
  });

  it('refuses pages larger than 250 messages', async () => {
    expect((await deliveries('?page_size=251')).statusCode).toBe(422);
  });
});
