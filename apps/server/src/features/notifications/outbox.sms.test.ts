import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../core/tables/outbox';
import { type FakeTwilio, startFakeTwilio } from '../../test/fake-twilio';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import type { MailMessage, MailTransport } from './mail-transport';
import { SMS_MAX_CHARACTERS, UnusablePhoneError } from './outbox.service';

const STATUS_URL = 'http://localhost:3000/api/notifications/sms-status';

/** E-mails handed to "SMTP", kept in memory. */
function memoryMailTransport() {
  const sent: MailMessage[] = [];
  const transport: MailTransport = {
    kind: 'smtp',
    send: async (message) => {
      sent.push(message);
      return { providerMessageId: message.messageId };
    },
  };
  return { sent, transport };
}

describe('outbox SMS through a local Twilio Messages API', () => {
  const clock = manualClock();
  const mail = memoryMailTransport();
  let twilio: FakeTwilio;
  let t: TestApp;
  /** Where the test app listens, for the callbacks the fake Twilio posts. */
  let appUrl: string;

  beforeAll(async () => {
    twilio = await startFakeTwilio();
    t = await createTestApp({ clock, env: twilio.env(), mailTransport: mail.transport });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    appUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    twilio.outage(false);
    await twilio.up();
    // Whatever a test left due is sent now, so the next test counts only its own messages.
    clock.advance(24 * 3600_000);
    await t.services.outbox.deliverDue();
    twilio.messages.length = 0;
    mail.sent.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await twilio.close();
  });

  const sms = (to: string, text = 'Houston: 2.10 in in 24 hours, over your 2.00 in threshold.') => ({
    to,
    text,
    kind: 'test',
  });
  const messageTo = async (to: string) =>
    (await t.services.outbox.page(1, 250)).items.find((item) => item.channel === 'sms' && item.to === to);

  it('sends an SMS once, to the number in E.164, with the form fields Twilio expects', async () => {
    const id = await t.services.outbox.enqueueSms(sms('(512) 555-0101'));
    expect(await t.services.outbox.deliverDue()).toBe(1);
    expect(await t.services.outbox.deliverDue()).toBe(0);

    expect(twilio.messages).toHaveLength(1);
    const [sent] = twilio.messages;
    const row = await messageTo('+15125550101');
    expect(sent).toMatchObject({
      to: '+15125550101',
      from: '+15125550000',
      body: 'Houston: 2.10 in in 24 hours, over your 2.00 in threshold.',
      statusCallback: STATUS_URL,
    });
    const [stored] = await t.database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(sent?.idempotencyToken).toBe(stored?.idempotencyKey);
    expect(row).toMatchObject({
      id,
      channel: 'sms',
      subject: null,
      status: 'sent',
      attempts: 1,
      provider_message_id: sent?.sid,
      status_at: clock.now().toISOString(),
    });
  });

  it('refuses a number no SMS can go to, and queues nothing', async () => {
    const before = (await t.services.outbox.page(1, 1)).total;
    await expect(t.services.outbox.enqueueSms(sms('555-0100'))).rejects.toThrow(UnusablePhoneError);
    await expect(t.services.outbox.enqueueSms(sms(''))).rejects.toThrow(
      'Cannot send an SMS to "": not a US phone number or an E.164 number',
    );
    await expect(t.services.outbox.enqueueSmsMessages([sms('512-555-0102'), sms('12345')])).rejects.toThrow(
      UnusablePhoneError,
    );
    expect((await t.services.outbox.page(1, 1)).total).toBe(before);
  });

  it('queues many at once and returns their ids in order', async () => {
    const ids = await t.services.outbox.enqueueSmsMessages([
      sms('512-555-0103', 'first'),
      sms('+1 512 555 0104', 'second'),
    ]);
    const { items } = await t.services.outbox.page(1, 250);
    expect(ids.map((id) => items.find((item) => item.id === id)?.text)).toEqual(['first', 'second']);
    expect(await t.services.outbox.deliverDue()).toBe(2);
    expect(twilio.messages.map((message) => message.to).sort()).toEqual(['+15125550103', '+15125550104']);
  });

  it('fails at once, with Twilio’s reason and no retry, when Twilio refuses the number', async () => {
    twilio.rejectAsInvalid('+15125550105');
    await t.services.outbox.enqueueSms(sms('512-555-0105'));
    expect(await t.services.outbox.deliverDue()).toBe(1);
    const requests = twilio.state.requests;
    clock.advance(24 * 3600_000);
    expect(await t.services.outbox.deliverDue()).toBe(0);
    expect(twilio.state.requests).toBe(requests);
    expect(await messageTo('+15125550105')).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: "Twilio 21211: Invalid 'To' Phone Number: +15125550105",
    });
    expect(twilio.messages).toHaveLength(0);
  });

  it('keeps SMS through an outage and a closed port, and sends each once when Twilio is back', async () => {
    twilio.outage(true);
    await t.services.outbox.enqueueSms(sms('512-555-0106'));
    await t.services.outbox.enqueueSms(sms('512-555-0107'));
    expect(await t.services.outbox.deliverDue()).toBe(2);
    expect(await t.services.outbox.deliverDue()).toBe(0);
    const waiting = async () =>
      [await messageTo('+15125550106'), await messageTo('+15125550107')].map((item) => [
        item?.status,
        item?.last_error,
      ]);
    expect(await waiting()).toEqual([
      ['queued', 'Twilio 20503: Service Unavailable'],
      ['queued', 'Twilio 20503: Service Unavailable'],
    ]);

    twilio.outage(false);
    await twilio.down();
    clock.advance(31_000);
    expect(await t.services.outbox.deliverDue()).toBe(2);
    expect((await waiting()).map(([status, error]) => [status, error?.split(':')[0]])).toEqual([
      ['queued', 'Twilio unreachable'],
      ['queued', 'Twilio unreachable'],
    ]);
    expect(twilio.messages).toHaveLength(0);

    await twilio.up();
    clock.advance(61_000);
    expect(await t.services.outbox.deliverDue()).toBe(2);
    clock.advance(3_600_000);
    expect(await t.services.outbox.deliverDue()).toBe(0);
    expect(twilio.messages.map((message) => message.to).sort()).toEqual(['+15125550106', '+15125550107']);
    expect((await waiting()).map(([status]) => status)).toEqual(['sent', 'sent']);
  });

  it('does not send twice when a worker dies after Twilio accepted but before the row was marked sent', async () => {
    const id = await t.services.outbox.enqueueSms(sms('512-555-0108'));
    expect(await t.services.outbox.deliverDue()).toBe(1);
    const [first] = twilio.messages;
    // The row as a killed worker leaves it: claimed ('sending'), never marked sent, claim run out.
    await t.database.db
      .update(outbox)
      .set({ status: 'sending', providerMessageId: null, sentAt: null, lockedUntil: clock.now() })
      .where(eq(outbox.id, id));
    clock.advance(1000);
    expect(await t.services.outbox.deliverDue()).toBe(1);

    expect(twilio.state.requests).toBeGreaterThanOrEqual(2);
    expect(twilio.messages).toHaveLength(1);
    expect(await messageTo('+15125550108')).toMatchObject({
      status: 'sent',
      attempts: 2,
      provider_message_id: first?.sid,
    });
  });

  it('marks an SMS delivered on Twilio’s signed callback, and refuses a bad or missing signature', async () => {
    await t.services.outbox.enqueueSms(sms('512-555-0110'));
    await t.services.outbox.deliverDue();
    const sid = twilio.messages[0]?.sid ?? '';

    expect(await twilio.sendStatusCallback(sid, 'sent', { deliverTo: appUrl })).toBe(200);
    expect((await messageTo('+15125550110'))?.status).toBe('sent');

    expect(
      await twilio.sendStatusCallback(sid, 'delivered', { deliverTo: appUrl, signWith: 'not-the-token' }),
    ).toBe(403);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/sms-status',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `MessageSid=${sid}&MessageStatus=delivered`,
    });
    expect(unsigned.statusCode).toBe(403);
    expect((await messageTo('+15125550110'))?.status).toBe('sent');

    clock.advance(90_000);
    expect(await twilio.sendStatusCallback(sid, 'delivered', { deliverTo: appUrl })).toBe(200);
    expect(await messageTo('+15125550110')).toMatchObject({
      status: 'delivered',
      status_at: clock.now().toISOString(),
      last_error: null,
    });
    // A late 'sent' report does not take the message back.
    expect(await twilio.sendStatusCallback(sid, 'sent', { deliverTo: appUrl })).toBe(200);
    expect((await messageTo('+15125550110'))?.status).toBe('delivered');
  });

  it('marks an SMS failed with the carrier’s reason on an undelivered or failed callback', async () => {
    await t.services.outbox.enqueueSmsMessages([sms('512-555-0111'), sms('512-555-0112')]);
    await t.services.outbox.deliverDue();
    const sidTo = (to: string) => twilio.messages.find((message) => message.to === to)?.sid ?? '';

    expect(
      await twilio.sendStatusCallback(sidTo('+15125550111'), 'undelivered', {
        deliverTo: appUrl,
        errorCode: '30003',
        errorMessage: 'Unreachable destination handset',
      }),
    ).toBe(200);
    expect(
      await twilio.sendStatusCallback(sidTo('+15125550112'), 'failed', {
        deliverTo: appUrl,
        errorCode: '30008',
      }),
    ).toBe(200);
    expect(await messageTo('+15125550111')).toMatchObject({
      status: 'failed',
      last_error: 'Twilio 30003: Unreachable destination handset',
    });
    expect(await messageTo('+15125550112')).toMatchObject({
      status: 'failed',
      last_error: 'Twilio 30008: failed',
    });
  });

  it('answers 200 to a signed callback about a message it does not know', async () => {
    const params = { MessageSid: 'SM404', MessageStatus: 'delivered' };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/sms-status',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.signature(STATUS_URL, params),
      },
      payload: new URLSearchParams(params).toString(),
    });
    expect(response.statusCode).toBe(200);
  });

  it(`cuts a text longer than ${SMS_MAX_CHARACTERS} characters, ending it with '…'`, async () => {
    const long = `${'Rain '.repeat(100)}end`;
    const exact = 'x'.repeat(SMS_MAX_CHARACTERS);
    await t.services.outbox.enqueueSms(sms('512-555-0113', long));
    await t.services.outbox.enqueueSms(sms('512-555-0114', exact));
    await t.services.outbox.deliverDue();
    const body = (to: string) => twilio.messages.find((message) => message.to === to)?.body ?? '';

    expect(body('+15125550113')).toBe(`${'Rain '.repeat(63)}Rain…`);
    expect(body('+15125550113')).toHaveLength(SMS_MAX_CHARACTERS);
    expect(body('+15125550114')).toBe(exact);
  });

  it('sends e-mail and SMS in one round, each through its own transport', async () => {
    await t.services.outbox.enqueueEmail({
      to: 'jane@example.com',
      subject: 'Rain at Houston',
      text: 'Plain part',
      html: null,
      kind: 'test',
    });
    await t.services.outbox.enqueueSms(sms('512-555-0115'));
    expect(await t.services.outbox.deliverDue()).toBe(2);
    expect(mail.sent.map((message) => message.to)).toEqual(['jane@example.com']);
    expect(twilio.messages.map((message) => message.to)).toEqual(['+15125550115']);
  });
});

describe('outbox SMS without Twilio settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps texts in the outbox for the mail viewer, as e-mail without SMTP', async () => {
    const id = await t.services.outbox.enqueueSms({
      to: '512-555-0120',
      text: 'Rain at Austin',
      kind: 'test',
    });
    expect(await t.services.outbox.deliverDue()).toBe(0);
    const page = await t.services.outbox.page(1, 10);
    expect(page).toMatchObject({ transport: 'outbox', sms_transport: 'outbox' });
    expect(page.items.find((item) => item.id === id)).toMatchObject({
      channel: 'sms',
      to: '+15125550120',
      text: 'Rain at Austin',
      status: 'held',
    });
  });

  it('refuses every callback: without an auth token no signature can be checked', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/sms-status',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'anything' },
      payload: 'MessageSid=SM1&MessageStatus=delivered',
    });
    expect(response.statusCode).toBe(403);
  });
});
