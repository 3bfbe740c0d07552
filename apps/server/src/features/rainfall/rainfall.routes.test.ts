import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildOwnedClient, buildUser, login } from '../../test/factories';
import { ingestionFrom, scriptedSource } from '../../test/scripted-source';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

const HOUR = 3_600_000;

describe('/api/services/process_status and ingest_status', () => {
  let t: TestApp;
  const clock = manualClock(new Date('2026-11-21T14:05:00Z'));
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  async function tokenOf(superuser = false) {
    const user = superuser
      ? await buildUser(t.services, { isSuperuser: true })
      : (await buildOwnedClient(t.services)).user;
    return (await login(t.app, user.email)).token;
  }
  const get = async (url: string, token?: string) =>
    t.app.inject({ url, headers: token ? bearer(token) : {} });

  it('answers signed-in users only', async () => {
    expect((await get('/api/services/process_status')).statusCode).toBe(401);
  });

  it('reports the hour of the newest pass: processing while it is stored, then done', async () => {
    const token = await tokenOf();
    const { client } = await buildOwnedClient(t.services);
    await t.services.locations.createMany([
      { clientId: client.id, name: 'Yard', latitude: 29.8, longitude: -95.4 },
    ]);
    const scripted = scriptedSource(() => 0.2);
    const ingestion = ingestionFrom(t, clock, scripted.source);
    expect((await get('/api/services/process_status', token)).json()).toEqual({
      status: 'processing',
      datetime: null,
    });

    // At 14:05 Pass 1 of the hour ending 13:00 is the newest pass out.
    const hour = new Date('2026-11-21T13:00:00Z');
    const release = scripted.hold({ product: '1h', endsAt: hour, pass: 1 });
    const run = ingestion.ingestDue();
    let during = (await get('/api/services/process_status', token)).json();
    for (let tries = 0; during.datetime === null && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      during = (await get('/api/services/process_status', token)).json();
    }
    expect(during).toEqual({ status: 'processing', datetime: hour.toISOString() });

    release();
    await run;
    expect((await get('/api/services/process_status', token)).json()).toEqual({
      status: 'done',
      datetime: hour.toISOString(),
    });

    // An hour later Pass 2 of that hour and Pass 1 of the next are stored: the newest is 14:00.
    clock.advance(HOUR);
    await ingestion.ingestDue();
    expect((await get('/api/services/process_status', await tokenOf())).json()).toEqual({
      status: 'done',
      datetime: new Date(hour.getTime() + HOUR).toISOString(),
    });
  });

  it('shows superusers the newest data per pass and the failed intervals, and no one else', async () => {
    clock.set(new Date('2026-11-21T18:05:00Z'));
    const scripted = scriptedSource(() => 0);
    const failing = { product: '15m', endsAt: new Date('2026-11-21T18:00:00Z'), pass: 1 } as const;
    scripted.fail(failing, 'MRMS returned 503');
    const ingestion = ingestionFrom(t, clock, scripted.source);
    await ingestion.ingestDue();

    expect((await get('/api/services/ingest_status', await tokenOf())).statusCode).toBe(403);
    const status = (await get('/api/services/ingest_status', await tokenOf(true))).json();
    expect(status.failed).toBe(1);
    expect(status.failures).toEqual([
      {
        product: '15m',
        pass: 1,
        ends_at: failing.endsAt.toISOString(),
        status: 'failed',
        attempts: 1,
        last_error: 'MRMS returned 503',
      },
    ]);
    expect(status.newest).toEqual([
      { product: '15m', pass: 1, ends_at: '2026-11-21T17:45:00.000Z' },
      { product: '1h', pass: 1, ends_at: '2026-11-21T17:00:00.000Z' },
      { product: '1h', pass: 2, ends_at: '2026-11-21T16:00:00.000Z' },
    ]);
  });
});
