import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { type FakeTwilio, startFakeTwilio } from '../../test/fake-twilio';
import { PermanentDeliveryError } from './delivery-error';
import { createTwilioTransport, type TwilioSettings, twilioTransportFromConfig } from './sms-transport';

describe('Twilio transport against a local Twilio Messages API', () => {
  let twilio: FakeTwilio;
  let settings: TwilioSettings;
  beforeAll(async () => {
    twilio = await startFakeTwilio();
    settings = {
      apiUrl: twilio.url,
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      from: '+15125550000',
      statusCallbackUrl: 'https://pluvio.example/api/notifications/sms-status',
    };
  });
  afterEach(() => {
    twilio.outage(false);
    twilio.stall(false);
  });
  afterAll(() => twilio.close());

  const message = (to: string, idempotencyKey: string = randomUUID()) => ({
    to,
    body: 'Rain',
    idempotencyKey,
  });

  it('posts the form with basic auth and returns the message sid', async () => {
    const { providerMessageId } = await createTwilioTransport(settings).send(
      message('+15125550123', 'key-1'),
    );
    expect(twilio.messages.at(-1)).toEqual({
      sid: providerMessageId,
      to: '+15125550123',
      from: '+15125550000',
      messagingServiceSid: null,
      body: 'Rain',
      statusCallback: 'https://pluvio.example/api/notifications/sms-status',
      idempotencyToken: 'key-1',
    });
  });

  it('sends through a messaging service instead of a number when one is set', async () => {
    const transport = createTwilioTransport({ ...settings, messagingServiceSid: 'MG0001' });
    await transport.send(message('+15125550123'));
    expect(twilio.messages.at(-1)).toMatchObject({ from: null, messagingServiceSid: 'MG0001' });
  });

  it("refuses for good on Twilio's answers about the message itself", async () => {
    twilio.unsubscribe('+15125550166');
    const send = createTwilioTransport(settings).send(message('+15125550166'));
    await expect(send).rejects.toThrow(PermanentDeliveryError);
    await expect(send).rejects.toThrow('Twilio 21610: Attempt to send to unsubscribed recipient');
  });

  it('leaves for a retry what may pass later: bad credentials, an outage, no answer, a closed port', async () => {
    const attempts = async (transport = createTwilioTransport(settings)) => {
      const error = await transport.send(message('+15125550123')).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(PermanentDeliveryError);
      return (error as Error).message;
    };
    expect(await attempts(createTwilioTransport({ ...settings, authToken: 'wrong' }))).toBe(
      'Twilio 20003: Authenticate',
    );
    twilio.outage(true);
    expect(await attempts()).toBe('Twilio 20503: Service Unavailable');
    twilio.outage(false);
    twilio.stall(true);
    expect(await attempts(createTwilioTransport({ ...settings, timeoutMs: 200 }))).toBe(
      'Twilio did not answer within 0.2 s',
    );
    twilio.stall(false);
    await twilio.down();
    try {
      expect(await attempts()).toMatch(/^Twilio unreachable: /);
      expect(await attempts()).toMatch(/^Twilio unreachable: connect ECONNREFUSED/);
    } finally {
      await twilio.up();
    }
  });
});

describe('Twilio settings', () => {
  const complete = { TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'secret', TWILIO_FROM: '+15125550000' };

  it('make a transport only when complete; none at all keeps texts in the outbox', () => {
    expect(twilioTransportFromConfig(loadConfig({}))).toBeNull();
    expect(twilioTransportFromConfig(loadConfig(complete))?.kind).toBe('twilio');
    expect(loadConfig({}).TWILIO_API_URL).toBe('https://api.twilio.com');
  });

  it('refuse half a set', () => {
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: 'AC1' })).toThrow(ConfigError);
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: 'AC1' })).toThrow('TWILIO_AUTH_TOKEN');
    expect(() => loadConfig({ ...complete, TWILIO_FROM: '' })).toThrow(
      'TWILIO_FROM: or TWILIO_MESSAGING_SERVICE_SID',
    );
    expect(() =>
      loadConfig({ ...complete, TWILIO_FROM: '', TWILIO_MESSAGING_SERVICE_SID: 'MG1' }),
    ).not.toThrow();
  });
});
