import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildOwnedClient, login } from '../../test/factories';
import { type FakeTwilio, startFakeTwilio } from '../../test/fake-twilio';
import { scriptedStorm } from '../../test/scripted-storm';
import { type LocalSmtpServer, startSmtpServer } from '../../test/smtp-server';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import { createSmtpTransport } from '../notifications/mail-transport';

const at = (iso: string) => new Date(iso);

describe('alert messages through a provider outage', () => {
  const clock = manualClock();
  let smtp: LocalSmtpServer;
  let twilio: FakeTwilio;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    twilio = await startFakeTwilio();
    t = await createTestApp({ clock, env: twilio.env(), mailTransport: createSmtpTransport(smtp.url) });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await twilio.close();
  });

  it('keeps the e-mail and the SMS of an alert while SMTP and Twilio are down, then sends each once', async () => {
    const { user: owner, client } = await buildOwnedClient(t.services, undefined, { tier: 'bronze' });
    const [site] = await t.services.locations.createMany([
      { clientId: client.id, name: 'Depot 34.01', latitude: 34.01, longitude: -95, h24Threshold: 0.5 },
    ]);
    const contact = await t.services.contacts.create({
      clientId: client.id,
      name: 'Field crew',
      phone: '713-555-0301',
    });
    await t.services.assignments.assignLocations(client.id, contact.id, [site?.id as number]);
    const token = (await login(t.app, owner.email)).token;
    const deliveries = async () => {
      const response = await t.app.inject({
        url: `/api/alerts?client_id=${client.id}`,
        headers: bearer(token),
      });
      const [alert] = response.json();
      return alert.deliveries
        .map((delivery: { channel: string; status: string }) => `${delivery.channel} ${delivery.status}`)
        .sort();
    };

    smtp.state.refusing = true;
    twilio.outage(true);
    const hour = at('2026-07-01T15:00:00Z');
    clock.set(at('2026-07-01T16:05:00Z'));
    await scriptedStorm(t, clock, [34.01], hour).ingestRange(at('2026-07-01T14:00:00Z'), hour);
    expect(await t.services.alerts.run()).toMatchObject({ alerts: 1, messages: 2 });

    // Every try during the outage fails and leaves the messages queued.
    for (const wait of [0, 31_000, 61_000]) {
      clock.advance(wait);
      expect(await t.services.outbox.deliverDue()).toBe(2);
      expect(await deliveries()).toEqual(['email queued', 'sms queued']);
    }
    expect(smtp.received).toHaveLength(0);
    expect(twilio.messages).toHaveLength(0);

    smtp.state.refusing = false;
    twilio.outage(false);
    clock.advance(121_000);
    expect(await t.services.outbox.deliverDue()).toBe(2);
    // Neither the alerts job nor the outbox job sends anything again.
    expect(await t.services.alerts.run()).toMatchObject({ alerts: 0, messages: 0 });
    clock.advance(24 * 3_600_000);
    expect(await t.services.outbox.deliverDue()).toBe(0);

    expect(smtp.received.map((mail) => mail.to)).toEqual([[owner.email]]);
    expect(smtp.received[0]?.raw).toContain('Depot 34.01: 0.80 in in the 24 hours ending');
    expect(twilio.messages.map((message) => message.to)).toEqual(['+17135550301']);
    expect(twilio.messages[0]?.body).toContain('Depot 34.01: 0.80 in');
    expect(await deliveries()).toEqual(['email sent', 'sms sent']);
  });
});
