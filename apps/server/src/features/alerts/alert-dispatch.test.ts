import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/db/client';
import { bearer, buildContactUser, buildOwnedClient, login } from '../../test/factories';
import { scriptedStorm } from '../../test/scripted-storm';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

const at = (iso: string) => new Date(iso);

interface OutboxRow {
  channel: string;
  recipient: string;
  subject: string | null;
  text_body: string;
}

describe('alert messages and history', () => {
  let t: TestApp;
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  async function messagesAbout(locationName: string): Promise<OutboxRow[]> {
    return queryRows<OutboxRow>(
      t.database.db,
      sql`select channel, recipient, subject, text_body from outbox
           where kind = 'alert' and text_body like ${`%${locationName}:%`} order by channel, recipient`,
    );
  }

  it('tells the owner and the assigned contacts by the channels their flags allow, once, and shows it in the history', async () => {
    const { user: owner, client } = await buildOwnedClient(t.services, undefined, { tier: 'bronze' });
    const [site, other] = await t.services.locations.createMany([
      { clientId: client.id, name: 'Depot 32.01', latitude: 32.01, longitude: -95, h24Threshold: 0.5 },
      { clientId: client.id, name: 'Yard 32.02', latitude: 32.02, longitude: -95, h24Threshold: 5 },
    ]);
    const contact = (name: string, phone: string) =>
      t.services.contacts.create({ clientId: client.id, name, email: `${name}@example.com`, phone });
    const everything = await contact('everything', '713-555-0101');
    const noEmail = await contact('noemail', '713-555-0102');
    const smsOnly = await contact('smsonly', '713-555-0103');
    const elsewhere = await contact('elsewhere', '713-555-0104');
    await t.database.db.execute(sql`update contacts set email_notification = false where id = ${noEmail.id}`);
    await t.database.db.execute(sql`update contacts set exceed24h_on = false where id = ${smsOnly.id}`);
    for (const assigned of [everything, noEmail, smsOnly]) {
      await t.services.assignments.assignLocations(client.id, assigned.id, [site?.id as number]);
    }
    await t.services.assignments.assignLocations(client.id, elsewhere.id, [other?.id as number]);

    const hour = at('2026-06-03T15:00:00Z');
    clock.set(at('2026-06-03T16:05:00Z'));
    await scriptedStorm(t, clock, [32.01], hour).ingestRange(at('2026-06-03T14:00:00Z'), hour);
    const first = await t.services.alerts.run();
    expect(first.alerts).toBe(1);

    const messages = await messagesAbout('Depot 32.01');
    expect(messages.map((message) => [message.channel, message.recipient])).toEqual([
      ['email', 'everything@example.com'],
      ['email', owner.email],
      ['sms', '+17135550101'],
      ['sms', '+17135550102'],
      ['sms', '+17135550103'],
    ]);
    const email = messages.find((message) => message.recipient === owner.email);
    expect(email?.subject).toBe('Pluvio: 24-hour rainfall threshold exceeded: Depot 32.01');
    expect(email?.text_body).toContain(
      'Depot 32.01: 0.80 in in the 24 hours ending Jun 3, 11:00 AM EDT (threshold 0.50 in)',
    );
    expect(email?.text_body).toContain('/dashboard');
    expect(email?.text_body).toContain('/settings-general');

    // Nothing is sent twice, whoever runs the job again.
    await Promise.all([t.services.alerts.run(), t.services.alerts.run()]);
    expect(await messagesAbout('Depot 32.01')).toHaveLength(5);

    const history = await t.app.inject({
      url: `/api/alerts?client_id=${client.id}`,
      headers: bearer((await login(t.app, owner.email)).token),
    });
    expect(history.statusCode, history.body).toBe(200);
    const [alert] = history.json();
    expect(alert).toMatchObject({
      kind: 'exceed24h',
      location_id: site?.id,
      location_name: 'Depot 32.01',
      fired_at: hour.toISOString(),
      value: 0.8,
      threshold: 0.5,
      recurrence_interval: null,
      notified: true,
    });
    expect(alert.deliveries).toHaveLength(5);
    expect(alert.deliveries[0]).toMatchObject({ channel: 'email', status: 'held' });
  });

  it("joins an account's simultaneous RapidRain alerts into one message when it combines locations", async () => {
    const { user: owner, client } = await buildOwnedClient(t.services, undefined, { tier: 'silver' });
    await t.database.db.execute(
      sql`update clients set rapidrain_on = true, rapidrain_combine_locations = true, exceed24h_on = false where id = ${client.id}`,
    );
    await t.services.locations.createMany([
      { clientId: client.id, name: 'North 32.03', latitude: 32.03, longitude: -95, h24Threshold: 0.3 },
      { clientId: client.id, name: 'South 32.04', latitude: 32.04, longitude: -95, h24Threshold: 0.3 },
    ]);
    const hour = at('2026-06-05T15:00:00Z');
    clock.set(at('2026-06-05T15:02:00Z'));
    await scriptedStorm(t, clock, [32.03, 32.04], hour).ingestRange(
      at('2026-06-05T14:50:00Z'),
      at('2026-06-05T15:00:00Z'),
    );
    await t.services.alerts.run();

    const toOwner = await queryRows<OutboxRow>(
      t.database.db,
      sql`select channel, recipient, subject, text_body from outbox where kind = 'alert' and recipient = ${owner.email}`,
    );
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]?.subject).toBe('Pluvio: RapidRain: 2 locations');
    expect(toOwner[0]?.text_body).toMatch(/North 32\.03: 0\.40 in in the 15 minutes ending/);
    expect(toOwner[0]?.text_body).toMatch(/South 32\.04: 0\.40 in/);
  });

  it('shows a plain contact the alerts of its assigned locations only, and of their deliveries its own', async () => {
    const { client } = await buildOwnedClient(t.services, undefined, { tier: 'bronze' });
    const [mine, theirs] = await t.services.locations.createMany([
      { clientId: client.id, name: 'Mine 32.05', latitude: 32.05, longitude: -95, h24Threshold: 0.5 },
      { clientId: client.id, name: 'Theirs 32.06', latitude: 32.06, longitude: -95, h24Threshold: 0.5 },
    ]);
    const { user, contact } = await buildContactUser(t.services, client.id);
    await t.services.assignments.assignLocations(client.id, contact.id, [mine?.id as number]);
    const hour = at('2026-06-07T15:00:00Z');
    clock.set(at('2026-06-07T16:05:00Z'));
    await scriptedStorm(t, clock, [32.05, 32.06], hour).ingestRange(at('2026-06-07T14:00:00Z'), hour);
    await t.services.alerts.run();

    const response = await t.app.inject({
      url: '/api/alerts',
      headers: bearer((await login(t.app, user.email)).token),
    });
    const alerts = response.json();
    expect(alerts.map((alert: { location_id: number }) => alert.location_id)).toEqual([mine?.id]);
    expect(theirs?.id).toBeDefined();
    // The owner was told too, but the contact sees only the message addressed to itself.
    expect(alerts[0].deliveries.map((delivery: { recipient: string }) => delivery.recipient)).toEqual([
      user.email,
    ]);
  });
});
