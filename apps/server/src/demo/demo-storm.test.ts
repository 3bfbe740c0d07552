import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator } from '../features/sources/simulator/simulator';
import { bearer, login } from '../test/factories';
import { createTestApp, manualClock, type TestApp } from '../test/test-app';
import { startWebhookReceiver, type WebhookReceiver } from '../test/webhook-receiver';
import { DEMO_PASSWORD, demoEmail } from './demo-data';
import { demoStorm, scheduleDemoStorm } from './demo-storm';
import { seedDemoData } from './seed';

const QUARTER_MS = 15 * 60_000;
const HOUSTON = { latitude: 29.7604, longitude: -95.3698 };
const GALVESTON = { latitude: 29.3013, longitude: -94.7977 };

/** What the storm adds to the 15-minute amounts at the points over the three hours before `at`. */
async function quartersAround(at: Date, points: (typeof HOUSTON)[]) {
  const plain = createSimulator({ seed: 'demo-storm', timeZone: 'America/New_York' });
  const stormy = createSimulator({ seed: 'demo-storm', timeZone: 'America/New_York' });
  stormy.scheduleStorm(demoStorm(at));
  const first = Math.floor(at.getTime() / QUARTER_MS) * QUARTER_MS - 11 * QUARTER_MS;
  const ends = Array.from({ length: 12 }, (_, i) => new Date(first + i * QUARTER_MS));
  const read = async (simulator: typeof plain) =>
    Promise.all(ends.map(async (end) => (await simulator.precipitation.field('15m', end, 1)).sample(points)));
  const [without, withStorm] = await Promise.all([read(plain), read(stormy)]);
  return withStorm.map((values, i) => values.map((value, p) => (value ?? 0) - (without[i]?.[p] ?? 0)));
}

describe('the demo storm', () => {
  it("rains on Houston in the hours before the seeding, over the gold account's thresholds, and nowhere near Galveston", async () => {
    const seededAt = new Date('2026-11-22T05:20:00Z');
    const added = await quartersAround(seededAt, [HOUSTON, GALVESTON]);
    const houston = added.map(([value]) => value ?? 0);
    expect(Math.max(...houston)).toBeGreaterThanOrEqual(0.25);
    const total = houston.reduce((sum, value) => sum + value, 0);
    expect(total).toBeGreaterThan(1);
    expect(total).toBeLessThan(2);
    expect(added.every(([, galveston]) => galveston === 0)).toBe(true);
  });

  describe('on an installation with the demo data', () => {
    const clock = manualClock();
    let t: TestApp;
    let receiver: WebhookReceiver;
    beforeAll(async () => {
      receiver = await startWebhookReceiver();
      t = await createTestApp({ clock });
      await seedDemoData(t.services);
    });
    afterAll(async () => {
      await t.close();
      await receiver.close();
    });

    it("sends the gold account's RapidRain and 24-hour alerts for Houston, by e-mail and signed to its webhook", async () => {
      const admin = await t.services.users.findByEmail(demoEmail('admin'));
      const seededAt = admin?.createdAt as Date;
      clock.set(new Date(seededAt.getTime() + 10 * 60_000));
      const { token, response } = await login(t.app, demoEmail('gold'), DEMO_PASSWORD);
      expect(response.statusCode).toBe(200);
      const gold = (await t.app.inject({ url: '/users/me', headers: bearer(token) })).json().clients[0];
      const endpoint = await t.app.inject({
        method: 'POST',
        url: `/api/webhooks?client_id=${gold.id}`,
        headers: bearer(token),
        payload: { url: receiver.url, events: ['alert.fired'] },
      });
      receiver.state.secret = endpoint.json().secret;

      await scheduleDemoStorm(t.services);
      await t.services.ingestion.ingestRange(new Date(seededAt.getTime() - 4 * 3_600_000), clock.now());
      await t.services.alerts.run();
      const alerts = (
        await t.app.inject({ url: `/api/alerts?client_id=${gold.id}&page_size=50`, headers: bearer(token) })
      ).json() as { kind: string; location_name: string; deliveries: { recipient: string }[] }[];
      const houston = alerts.filter((alert) => alert.location_name === 'Houston');
      expect(houston.map((alert) => alert.kind)).toEqual(expect.arrayContaining(['rapidrain', 'exceed24h']));
      for (const alert of houston) {
        expect(alert.deliveries.map((delivery) => delivery.recipient)).toContain(demoEmail('gold'));
      }

      await t.services.webhooks.deliverDue();
      const fired = receiver.received.filter((hook) => hook.event.data.location_name === 'Houston');
      expect(fired.map((hook) => [hook.event.type, hook.event.data.kind, hook.verified])).toEqual(
        expect.arrayContaining([
          ['alert.fired', 'rapidrain', true],
          ['alert.fired', 'exceed24h', true],
        ]),
      );
    });

    it('opens a storm event at Houston from the hours already published, with its due time if no more rain falls', async () => {
      await t.services.historyFill.fillPending();
      await t.services.stormDetection.detectDue();
      const { token } = await login(t.app, demoEmail('gold'), DEMO_PASSWORD);
      const gold = (await t.app.inject({ url: '/users/me', headers: bearer(token) })).json().clients[0];
      const events = (
        await t.app.inject({ url: `/api/storm-events?client_id=${gold.id}&`, headers: bearer(token) })
      ).json().items as { id: number; location_name: string; status: string; total: number }[];
      const houston = events.find((event) => event.location_name === 'Houston');
      expect(houston).toMatchObject({ status: 'open' });
      expect(houston?.total).toBeGreaterThan(0.5);
      const detail = (
        await t.app.inject({
          url: `/api/storm-events/${houston?.id}?client_id=${gold.id}`,
          headers: bearer(token),
        })
      ).json();
      expect(detail.due_if_dry_at).not.toBeNull();
    });
  });
});
