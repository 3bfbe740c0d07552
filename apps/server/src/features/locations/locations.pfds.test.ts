import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../core/db/client';
import { bearer, buildOwnedClient, login } from '../../test/factories';
import { fixture, type NoaaServer, startNoaaServer, withNoaaFixtures } from '../../test/noaa-server';
import { scriptedIngestion } from '../../test/scripted-source';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import { createAlertEvaluationService } from '../alerts/alert-evaluation.service';
import { locationJobs } from './locations.jobs';

const HOUR = 3_600_000;
const NOW = new Date('2026-06-10T12:05:00Z');
const GEORGIA = { name: 'Peachtree City', latitude: 33.3966, longitude: -84.59 };
const OREGON = { name: 'Bend', latitude: 44.0582, longitude: -121.3153 };
/** A point PFDS answers with something unreadable. */
const ODD = { name: 'Odd', latitude: 33.5, longitude: -84.5 };
const GEORGIA_DEPTHS = {
  '1h': [1.36, 1.57, 1.92, 2.23, 2.67, 3.03, 3.4, 3.8, 4.34, 4.77],
  '24h': [3.37, 3.84, 4.66, 5.38, 6.44, 7.31, 8.22, 9.2, 10.6, 11.6],
};

/** The locations' stored Atlas 14 answers, as the fill job left them. */
async function storedAtlas14(t: TestApp, ids: number[]) {
  return queryRows<{ id: number; atlas14_threshold: unknown; atlas14_source: string | null }>(
    t.database.db,
    sql`select id, atlas14_threshold, atlas14_source from locations where id = any(${`{${ids.join(',')}}`}::int[]) order by id`,
  );
}

withNoaaFixtures.describe('NOAA Atlas 14 from PFDS for saved locations', () => {
  let t: TestApp;
  let noaa: NoaaServer;
  let pfdsDown = false;
  let pending = 0;
  const clock = manualClock(NOW);

  beforeAll(async () => {
    noaa = await startNoaaServer((url) => {
      if (pfdsDown) return { status: 403, body: 'Forbidden' };
      if (url.pathname !== '/cgi-bin/new/fe_text_mean.csv') return undefined;
      const latitude = Number(url.searchParams.get('lat'));
      if (latitude === ODD.latitude) return { body: '<html>Something unexpected</html>' };
      // PFDS's answer (HTTP 200) in Oregon and Washington.
      if (latitude > 42) return { body: 'Error 3.0: Selected location is not within a project area.' };
      return {
        body: fixture('atlas14/pfds_peachtree_city_ga_depth_english_pds.csv'),
        contentType: 'text/csv',
      };
    });
    t = await createTestApp({
      clock,
      env: { FREQUENCY_SOURCE: 'pfds', PFDS_URL: `${noaa.url}/cgi-bin/new/fe_text_mean.csv` },
      onAtlas14Pending: async () => {
        pending += 1;
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await noaa.close();
  });

  async function goldOwner() {
    const { user, client } = await buildOwnedClient(t.services, undefined, { tier: 'gold' });
    const { token } = await login(t.app, user.email);
    return {
      client,
      call: (options: InjectOptions) => t.app.inject({ ...options, headers: bearer(token) }),
    };
  }

  it('saves a location at once, then gives it NOAA depths in the background; Oregon stays without, asked once', async () => {
    const { call } = await goldOwner();
    const created = [];
    for (const place of [GEORGIA, OREGON]) {
      const answer = await call({ method: 'POST', url: '/api/locations', payload: place });
      expect(answer.statusCode).toBe(201);
      expect(answer.json().atlas14_threshold).toBeNull();
      created.push(answer.json().id as number);
    }
    expect(pending).toBe(2);

    expect(await t.services.locations.fillAtlas14()).toEqual({ filled: 2, failure: null });
    const listed = (await call({ url: '/api/locations' })).json() as {
      name: string;
      atlas14_threshold: unknown;
    }[];
    expect(listed.map((row) => [row.name, row.atlas14_threshold])).toEqual([
      ['Bend', null],
      ['Peachtree City', GEORGIA_DEPTHS],
    ]);
    expect(noaa.requests).toHaveLength(2);

    // Another account's site at the same point gets the cached answers as it is saved.
    const other = await goldOwner();
    for (const place of [GEORGIA, OREGON]) {
      await other.call({ method: 'POST', url: '/api/locations', payload: place });
    }
    const otherListed = (await other.call({ url: '/api/locations' })).json() as {
      atlas14_threshold: unknown;
    }[];
    expect(otherListed.map((row) => row.atlas14_threshold)).toEqual([null, GEORGIA_DEPTHS]);
    expect(pending).toBe(2);
    expect(await t.services.locations.fillAtlas14()).toEqual({ filled: 0, failure: null });
    expect(noaa.requests).toHaveLength(2);
  });

  it('never fails a save while PFDS is down, and fills the location once PFDS is back', async () => {
    const { call } = await goldOwner();
    pfdsDown = true;
    const saved = await call({
      method: 'POST',
      url: '/api/locations',
      payload: { name: 'Fayetteville', latitude: 33.45, longitude: -84.45 },
    });
    expect(saved.statusCode).toBe(201);
    // The fill job fails (pg-boss records it; the next minute's run tries again).
    const [fillJob] = locationJobs(t.services.locations);
    await expect(fillJob?.handler(null)).rejects.toThrow(/Atlas 14 fill stopped: NOAA PFDS answered 403/);
    expect(await storedAtlas14(t, [saved.json().id])).toEqual([
      { id: saved.json().id, atlas14_threshold: null, atlas14_source: null },
    ]);

    pfdsDown = false;
    expect(await t.services.locations.fillAtlas14()).toEqual({ filled: 1, failure: null });
    expect(await storedAtlas14(t, [saved.json().id])).toEqual([
      { id: saved.json().id, atlas14_threshold: GEORGIA_DEPTHS, atlas14_source: 'pfds' },
    ]);
  });

  it('fills the other locations when the answer for one cannot be read, and tries that one again later', async () => {
    const { client } = await buildOwnedClient(t.services);
    const rows = await t.services.locations.createMany([
      { clientId: client.id, ...ODD },
      { clientId: client.id, ...GEORGIA, name: 'After the odd one' },
    ]);
    const ids = rows.map((row) => row.id);
    const { filled, failure } = await t.services.locations.fillAtlas14();
    expect({ filled, failure }).toEqual({ filled: 1, failure: expect.stringMatching(/no header/) });
    expect(await storedAtlas14(t, ids)).toEqual([
      { id: ids[0], atlas14_threshold: null, atlas14_source: null },
      { id: ids[1], atlas14_threshold: GEORGIA_DEPTHS, atlas14_source: 'pfds' },
    ]);
    await t.database.db.execute(sql`delete from locations where id = ${ids[0] ?? 0}`);
  });

  it("replaces depths another source gave with PFDS's", async () => {
    const { client } = await buildOwnedClient(t.services);
    const [row] = await t.services.locations.createMany([
      {
        clientId: client.id,
        ...GEORGIA,
        atlas14Threshold: { '1h': Array(10).fill(1), '24h': Array(10).fill(2) },
        atlas14Source: 'simulator',
      },
    ]);
    await t.services.locations.fillAtlas14();
    expect(await storedAtlas14(t, [row?.id ?? 0])).toEqual([
      { id: row?.id, atlas14_threshold: GEORGIA_DEPTHS, atlas14_source: 'pfds' },
    ]);
  });

  it('shows Oregon orange, never red, and sends it no Atlas 14 alert in a storm that makes Georgia red', async () => {
    const { client, call } = await goldOwner();
    await t.database.db.execute(sql`update clients set atlas14_on = true, atlas14_24h_on = true,
        atlas14_1h_on = true where id = ${client.id}`);
    for (const place of [GEORGIA, OREGON]) {
      await call({ method: 'POST', url: '/api/locations', payload: { ...place, h24_threshold: 1 } });
    }
    await t.services.locations.fillAtlas14();
    // 1.5 inches an hour for three hours everywhere: past the 1-year 1-hour and 24-hour depths.
    const storm = new Set([9, 10, 11].map((hour) => Date.UTC(2026, 5, 10, hour)));
    const ingestion = scriptedIngestion(t, clock, (key) =>
      key.product === '1h' && storm.has(key.endsAt.getTime()) ? 1.5 : 0,
    );
    const rules = createAlertEvaluationService(t.database.db, { clock, timeZone: 'America/New_York' });
    for (let now = NOW.getTime() - 5 * HOUR; now <= NOW.getTime(); now += HOUR) {
      clock.set(new Date(now));
      await ingestion.ingestDue();
      await rules.evaluateDue();
    }

    const rows = (await call({ url: '/api/locations' })).json() as {
      id: number;
      name: string;
      total_rainfall: number;
      color_24: string;
    }[];
    expect(rows.map((row) => [row.name, row.total_rainfall, row.color_24])).toEqual([
      ['Bend', 4.5, 'orange'],
      ['Peachtree City', 4.5, 'red'],
    ]);
    const kinds = async (locationId: number) =>
      (
        await queryRows<{ kind: string }>(
          t.database.db,
          sql`select distinct kind from alerts where location_id = ${locationId} order by kind`,
        )
      ).map((alert) => alert.kind);
    const [oregon, georgia] = rows;
    expect(await kinds(oregon?.id ?? 0)).toEqual(['exceed24h']);
    expect(await kinds(georgia?.id ?? 0)).toEqual(['atlas14_1h', 'atlas14_24h', 'exceed24h']);
  });
});
