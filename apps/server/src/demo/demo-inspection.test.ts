import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locations } from '../core/tables/locations';
import { stormEvents } from '../core/tables/storm-events';
import { bearer, login } from '../test/factories';
import { createTestApp, manualClock, type TestApp } from '../test/test-app';
import { DEMO_PASSWORD, demoEmail } from './demo-data';
import { inspectDemoEvent } from './demo-inspection';
import { seedDemoData } from './seed';

const HOUR_MS = 3_600_000;

describe("the demo's finished inspection", () => {
  const clock = manualClock(new Date('2026-11-21T12:00:00Z'));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    await seedDemoData(t.services);
  });
  afterAll(() => t.close());

  /** A storm event of 0.4 in at a demo location, ended `daysAgo` days before the clock. */
  async function pastEvent(locationName: string, daysAgo: number) {
    const [location] = await t.database.db.select().from(locations).where(eq(locations.name, locationName));
    const end = new Date(clock.now().getTime() - daysAgo * 24 * HOUR_MS);
    const [row] = await t.database.db
      .insert(stormEvents)
      .values({
        locationId: location?.id as number,
        startedAt: new Date(end.getTime() - 3 * HOUR_MS),
        endedAt: end,
        openedAt: new Date(end.getTime() - HOUR_MS),
        total: 0.4,
        wettestHourEndsAt: end,
        wettestHourAmount: 0.3,
        passes: [2],
        sources: ['simulator'],
        threshold: 0.25,
        inspectionRule: 'within_24h',
        dueAt: new Date(end.getTime() + 24 * HOUR_MS),
        detectedAt: clock.now(),
      })
      .returning();
    return row?.id as number;
  }

  it('waits for the detection, then has contact@ inspect the oldest past event at their sites, with a photo, once', async () => {
    expect(await inspectDemoEvent(t.services)).toBe(false);
    const oldest = await pastEvent('Galveston', 9);
    await pastEvent('Houston', 4);
    await pastEvent('Beaumont', 12);

    expect(await inspectDemoEvent(t.services)).toBe(true);
    expect(await inspectDemoEvent(t.services)).toBe(true);

    const { token } = await login(t.app, demoEmail('contact'), DEMO_PASSWORD);
    const me = (await t.app.inject({ url: '/users/me', headers: bearer(token) })).json();
    const event = (
      await t.app.inject({
        url: `/api/storm-events/${oldest}?client_id=${me.primary_client_id}`,
        headers: bearer(token),
      })
    ).json();
    expect(event.status).toBe('inspected');
    expect(event.inspections).toHaveLength(1);
    expect(event.inspections[0]).toMatchObject({
      inspector: { name: 'Carl Contact' },
      counts_for_event: true,
      bmps: expect.arrayContaining(['Silt fence']),
      corrective_actions: [expect.objectContaining({ completed_at: expect.any(String) })],
    });
    const [photo] = event.inspections[0].photos;
    expect(photo).toMatchObject({ content_type: 'image/jpeg', thumbnail_ready: true });
    expect(photo.latitude).toBeCloseTo(29.3013, 3);
    expect(photo.longitude).toBeCloseTo(-94.7977, 3);
    expect(photo.taken_at).toBe(
      new Date(clock.now().getTime() - 9 * 24 * HOUR_MS + 5 * HOUR_MS).toISOString(),
    );
    const served = await t.app.inject({
      url: `/api/inspections/${event.inspections[0].id}/photos/${photo.id}?client_id=${me.primary_client_id}&size=thumbnail`,
      headers: bearer(token),
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });
});
