import type { AddressInfo } from 'node:net';
import { auditQuerySchema } from '@pluvio/shared/audit.schemas';
import type { Contact } from '@pluvio/shared/contacts';
import { deliveryLogQuerySchema } from '@pluvio/shared/outbox.schemas';
import { SMS_OPTED_OUT_REASON, smsKeywordReply } from '@pluvio/shared/sms-consent';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildLocations, buildOwnedClient, login } from '../../test/factories';
import { type FakeTwilio, startFakeTwilio } from '../../test/fake-twilio';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import { twimlReply } from './sms-consent.routes';

const INBOUND_URL = 'http://localhost:3000/api/notifications/sms-inbound';
const SUPPORT_EMAIL = 'help@pluvio.example';

describe('SMS consent through Twilio’s inbound message webhook', () => {
  const clock = manualClock();
  let twilio: FakeTwilio;
  let t: TestApp;
  let appUrl: string;

  beforeAll(async () => {
    twilio = await startFakeTwilio();
    t = await createTestApp({ clock, env: twilio.env({ SUPPORT_EMAIL }) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    appUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    twilio.messages.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await twilio.close();
  });

  const text = (from: string, body: string, extra: { signWith?: string } = {}) =>
    twilio.sendInbound(INBOUND_URL, { from, body }, { deliverTo: appUrl, ...extra });
  const replyTo = (kind: 'stop' | 'start' | 'help') => twimlReply(smsKeywordReply(kind, SUPPORT_EMAIL));

  async function textTo(to: string): Promise<number> {
    return t.services.outbox.enqueueSms({ to, text: 'Houston: 2.10 in in 24 hours.', kind: 'test' });
  }
  async function deliveryOf(id: number) {
    const log = await t.services.deliveryLog.page(deliveryLogQuerySchema.parse({ channel: 'sms' }));
    return log.items.find((entry) => entry.id === id);
  }
  async function auditOf(action: 'sms_opted_out' | 'sms_opted_in', phone: string) {
    const { items } = await t.services.audit.page(auditQuerySchema.parse({ action }));
    return items.filter((entry) => entry.details.phone === phone);
  }

  it('turns texts off at STOP: a text queued before is never sent, and the delivery log says why', async () => {
    const queued = await textTo('(512) 555-0111');
    const answer = await text('+15125550111', ' Stop ');
    expect(answer).toMatchObject({ status: 200, twiml: replyTo('stop') });
    expect(answer.contentType).toMatch(/^text\/xml/);
    expect(answer.twiml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Message>You have been unsubscribed from Pluvio texts. Reply START to resubscribe.</Message></Response>',
    );

    expect(await t.services.outbox.deliverDue()).toBe(1);
    expect(twilio.messages).toEqual([]);
    expect(await deliveryOf(queued)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: SMS_OPTED_OUT_REASON,
    });
    clock.advance(24 * 3600_000);
    expect(await t.services.outbox.deliverDue()).toBe(0);
    expect(await auditOf('sms_opted_out', '+15125550111')).toEqual([
      expect.objectContaining({ actor: null, details: { phone: '+15125550111', keyword: 'STOP' } }),
    ]);
  });

  it('turns texts on again at START, and audits each change once', async () => {
    await text('+15125550112', 'UNSUBSCRIBE');
    await text('+15125550112', 'stop');
    expect(await t.services.outbox.deliverDue()).toBe(0);
    const stopped = await textTo('512-555-0112');
    expect(await text('+15125550112', 'unstop')).toMatchObject({ status: 200, twiml: replyTo('start') });
    const resumed = await textTo('512-555-0112');
    expect(await t.services.outbox.deliverDue()).toBe(2);

    // Checked at send time: a text queued while stopped goes once the phone said START.
    expect(twilio.messages.map((message) => message.to)).toEqual(['+15125550112', '+15125550112']);
    expect(await deliveryOf(stopped)).toMatchObject({ status: 'sent' });
    expect(await deliveryOf(resumed)).toMatchObject({ status: 'sent' });
    expect(await auditOf('sms_opted_out', '+15125550112')).toEqual([
      expect.objectContaining({ details: { phone: '+15125550112', keyword: 'UNSUBSCRIBE' } }),
    ]);
    expect(await auditOf('sms_opted_in', '+15125550112')).toEqual([
      expect.objectContaining({ details: { phone: '+15125550112', keyword: 'UNSTOP' } }),
    ]);
  });

  it('answers HELP with the support address, and any other text with nothing', async () => {
    expect(await text('+15125550113', 'info')).toMatchObject({ status: 200, twiml: replyTo('help') });
    expect(replyTo('help')).toContain(`Help: ${SUPPORT_EMAIL}`);
    expect(await text('+15125550113', 'Is it raining?')).toMatchObject({
      status: 200,
      twiml: '<?xml version="1.0" encoding="UTF-8"?><Response></Response>',
    });
    await textTo('+15125550113');
    expect(await t.services.outbox.deliverDue()).toBe(1);
    expect(twilio.messages).toHaveLength(1);
  });

  it('refuses a request Twilio did not sign, and changes nothing', async () => {
    const forged = await text('+15125550114', 'STOP', { signWith: 'not-the-auth-token' });
    expect(forged.status).toBe(403);
    expect(JSON.parse(forged.twiml)).toEqual({ detail: 'Invalid Twilio signature' });
    await textTo('+15125550114');
    expect(await t.services.outbox.deliverDue()).toBe(1);
    expect(twilio.messages).toHaveLength(1);
    expect(await auditOf('sms_opted_out', '+15125550114')).toEqual([]);
  });

  it('shows when a contact’s phone replied STOP, on the contact and on a location’s contacts', async () => {
    const { user, client } = await buildOwnedClient(t.services);
    const { token } = await login(t.app, user.email);
    const [location] = await buildLocations(t.services, client.id, ['Pond'], {
      perDegree: 10,
      longitude: -97,
    });
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/contacts/',
      headers: bearer(token),
      payload: { name: 'Pat Field', phone: '1 (512) 555-0115' },
    });
    const contact: Contact = added.json();
    expect(contact.sms_opted_out_at).toBeNull();
    const assigned = await t.app.inject({
      method: 'POST',
      url: `/api/locations/${location?.id}/contacts`,
      headers: bearer(token),
      payload: [contact.id],
    });
    expect(assigned.statusCode).toBeLessThan(300);
    const get = async (url: string) => (await t.app.inject({ url, headers: bearer(token) })).json();
    const optedOutAt = async () => [
      (await get(`/api/contacts/${contact.id}/`)).sms_opted_out_at,
      (await get(`/api/locations/${location?.id}/contacts`))[0]?.sms_opted_out_at,
    ];

    expect(await optedOutAt()).toEqual([null, null]);
    await text('+15125550115', 'QUIT');
    const stoppedAt = clock.now().toISOString();
    expect(await optedOutAt()).toEqual([stoppedAt, stoppedAt]);
    await text('+15125550115', 'START');
    expect(await optedOutAt()).toEqual([null, null]);
  });
});
