import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator } from '../features/sources/simulator/simulator';
import { bearer, login } from '../test/factories';
import { createTestApp, manualClock, type TestApp } from '../test/test-app';
import { DEMO_PASSWORD, demoEmail } from './demo-data';
import { demoStorm, scheduleDemoStorm } from './demo-storm';
import { seedDemoData } from './seed';

const QUARTER_MS = 15 * 60_000;
const HOUSTON = { latitude: 29.7604, longitude: -95.3698 };
const GALVESTON = { latitude: 29.3013, longitude: -94.7977 };

/** The 15-minute amounts at the points over the three hours around `at`, with and without the storm. */
async function quartersAround(at: Date, points: (typeof HOUSTON)[]) {
  const plain = createSimulator({ seed: 'demo-storm', timeZone: 'America/New_York' });
  const stormy = createSimulator({ seed: 'demo-storm', timeZone: 'America/New_York' });
  stormy.scheduleStorm(demoStorm(at));
  const first = Math.floor(at.getTime() / QUARTER_MS) * QUARTER_MS - 6 * QUARTER_MS;
  const ends = Array.from({ length: 12 }, (_, i) => new Date(first + i * QUARTER_MS));
  const read = async (simulator: typeof plain) =>
    Promise.all(ends.map(async (end) => (await simulator.precipitation.field('15m', end, 1)).sample(points)));
  const [without, withStorm] = await Promise.all([read(plain), read(stormy)]);
  return withStorm.map((values, i) => values.map((value, p) => (value ?? 0) - (without[i]?.[p] ?? 0)));
}

describe('the demo storm', () => {
  it("rains on Houston around the seeding, over the gold account's thresholds, and nowhere near Galveston", async () => {
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
    beforeAll(async () => {
      t = await createTestApp({ clock });
      await seedDemoData(t.services);
    });
    afterAll(() => t.close());

    it("sends the gold account's RapidRain and 24-hour alerts for Houston, not history", async () => {
      const admin = await t.services.users.findByEmail(demoEmail('admin'));
      const seededAt = admin?.createdAt as Date;
      clock.set(new Date(seededAt.getTime() + 2 * 3_600_000));
      await scheduleDemoStorm(t.services);
      await t.services.ingestion.ingestRange(new Date(seededAt.getTime() - 3 * 3_600_000), clock.now());
      await t.services.alerts.run();

      const { token, response } = await login(t.app, demoEmail('gold'), DEMO_PASSWORD);
      expect(response.statusCode).toBe(200);
      const gold = (await t.app.inject({ url: '/users/me', headers: bearer(token) })).json().clients[0];
      const alerts = (
        await t.app.inject({ url: `/api/alerts?client_id=${gold.id}&page_size=50`, headers: bearer(token) })
      ).json() as { kind: string; location_name: string; deliveries: { recipient: string }[] }[];
      const houston = alerts.filter((alert) => alert.location_name === 'Houston');
      expect(houston.map((alert) => alert.kind)).toEqual(expect.arrayContaining(['rapidrain', 'exceed24h']));
      for (const alert of houston) {
        expect(alert.deliveries.map((delivery) => delivery.recipient)).toContain(demoEmail('gold'));
      }
    });
  });
});
