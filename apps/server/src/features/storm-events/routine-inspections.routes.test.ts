import { INSPECTION_MESSAGES } from '@pluvio/shared/inspections';
import { ROUTINE_MESSAGES } from '@pluvio/shared/routine-inspections';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildContactUser, buildOwnedClient, buildUser, login } from '../../test/factories';
import { jpegPhoto, photoForm } from '../../test/photos';
import { insertStormEvent } from '../../test/storm-events';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

const at = (iso: string) => new Date(iso);
// Tuesday 10 November 2026, 12:00 in New York.
const NOW = at('2026-11-10T17:00:00Z');

describe('routine inspections (issue 28 point 3)', () => {
  let t: TestApp;
  const clock = manualClock(NOW);
  let clientId: number;
  let ownerToken: string;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    const { client, user } = await buildOwnedClient(t.services);
    clientId = client.id;
    ownerToken = (await login(t.app, user.email)).token;
  });
  afterAll(() => t.close());

  const call = (options: InjectOptions & { url: string }, token = ownerToken) =>
    t.app.inject({ ...options, headers: bearer(token) });
  const schedule = async (token = ownerToken) =>
    (await call({ url: '/api/routine-inspections' }, token)).json().items;
  const scheduleOf = async (locationId: number) =>
    (await call({ url: `/api/routine-inspections?location_id=${locationId}` })).json().items;
  const inspectionsAt = async (locationId: number) =>
    (await call({ url: `/api/inspections?location_id=${locationId}` })).json().items;
  const recordAt = (locationId: number, payload: object, token = ownerToken) =>
    call(
      { method: 'POST', url: '/api/inspections', payload: { location_id: locationId, ...payload } },
      token,
    );

  async function site(name: string, cadence: 7 | 14 | null) {
    const response = await call({
      method: 'POST',
      url: '/api/locations',
      payload: { name, latitude: 31, longitude: -96, routine_cadence_days: cadence },
    });
    expect(response.statusCode).toBe(201);
    return response.json().id as number;
  }

  const setSince = (locationId: number, since: string) =>
    t.database.db.execute(sql`update locations set routine_since = ${since} where id = ${locationId}`);

  it('schedules a routine inspection cadence days after the cadence was set, by the end of the day', async () => {
    const yard = await site('Routine Yard', 7);
    await site('No Routine Gate', null);
    expect(await scheduleOf(yard)).toEqual([
      {
        location_id: yard,
        location_name: 'Routine Yard',
        cadence_days: 7,
        since: NOW.toISOString(),
        last_inspection: null,
        due_at: '2026-11-18T04:59:59.999Z',
        status: 'due',
      },
    ]);
    expect((await schedule()).map((row: { location_name: string }) => row.location_name)).not.toContain(
      'No Routine Gate',
    );
  });

  it('ends the due day in New York time across the clock changes', async () => {
    const spring = await site('Spring Yard', 7);
    await setSince(spring, '2026-03-01T15:00:00Z');
    const autumn = await site('Autumn Yard', 7);
    await setSince(autumn, '2026-10-25T14:00:00Z');
    expect((await scheduleOf(spring))[0]).toMatchObject({
      due_at: '2026-03-09T03:59:59.999Z',
      status: 'overdue',
    });
    expect((await scheduleOf(autumn))[0]).toMatchObject({
      due_at: '2026-11-02T04:59:59.999Z',
      status: 'overdue',
    });
  });

  it('records a routine inspection, which moves the next due date; a storm inspection counts too', async () => {
    const yard = await site('Inspected Yard', 14);
    const response = await recordAt(yard, {
      inspected_at: '2026-11-10T09:15:00-05:00',
      bmps: ['Silt fence'],
      findings: 'All in place.',
    });
    expect(response.statusCode).toBe(201);
    const recorded = response.json();
    expect(recorded).toMatchObject({ event_id: null, location_id: yard, counts_for_event: false });
    expect(await scheduleOf(yard)).toMatchObject([
      {
        last_inspection: {
          id: recorded.id,
          inspected_at: '2026-11-10T14:15:00.000Z',
          inspector_name: 'Test User',
        },
        due_at: '2026-11-25T04:59:59.999Z',
        status: 'due',
      },
    ]);

    const event = await insertStormEvent(t.database.db, {
      locationId: yard,
      endedAt: at('2026-11-10T15:00:00Z'),
      detectedAt: at('2026-11-10T16:00:00Z'),
    });
    const storm = await call({
      method: 'POST',
      url: `/api/storm-events/${event}/inspections`,
      payload: { inspected_at: '2026-11-10T16:30:00Z' },
    });
    expect(storm.statusCode).toBe(201);
    expect((await scheduleOf(yard))[0].last_inspection.id).toBe(storm.json().id);
    expect(
      (await inspectionsAt(yard)).map((row: { id: number; event_id: number | null }) => row.event_id),
    ).toEqual([event, null]);
  });

  it('records a routine inspection with a photo sent as a multipart form, served back as sent', async () => {
    const yard = await site('Photo Yard', 7);
    const jpeg = await jpegPhoto();
    const response = await call({
      method: 'POST',
      url: '/api/inspections',
      payload: photoForm([{ name: 'outfall.jpg', bytes: jpeg, type: 'image/jpeg' }], {
        location_id: yard,
        inspected_at: '2026-11-10T10:30:00-05:00',
        findings: 'Outfall clear.',
      }),
    });
    expect(response.statusCode).toBe(201);
    const recorded = response.json();
    expect(recorded).toMatchObject({ event_id: null, location_id: yard, findings: 'Outfall clear.' });
    const [photo] = recorded.photos;
    expect(photo).toMatchObject({ file_name: 'outfall.jpg', content_type: 'image/jpeg', bytes: jpeg.length });
    const original = await call({ url: `/api/inspections/${recorded.id}/photos/${photo.id}` });
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(original.rawPayload, Buffer.from(jpeg))).toBe(0);
  });

  it('restarts the clock when the cadence changes, not when the same one is saved again', async () => {
    const yard = await site('Changed Yard', 7);
    await setSince(yard, '2026-11-01T15:00:00Z');
    await call({ method: 'PATCH', url: `/api/locations/${yard}`, payload: { routine_cadence_days: 7 } });
    expect((await scheduleOf(yard))[0].since).toBe('2026-11-01T15:00:00.000Z');
    await call({ method: 'PATCH', url: `/api/locations/${yard}`, payload: { routine_cadence_days: 14 } });
    expect((await scheduleOf(yard))[0]).toMatchObject({
      since: NOW.toISOString(),
      due_at: '2026-11-25T04:59:59.999Z',
    });
    await call({ method: 'PATCH', url: `/api/locations/${yard}`, payload: { routine_cadence_days: null } });
    expect(await scheduleOf(yard)).toEqual([]);
  });

  it('lists overdue locations first', async () => {
    const { client, user } = await buildOwnedClient(t.services);
    const token = (await login(t.app, user.email)).token;
    const [late, soon, later] = await t.services.locations.createMany(
      ['Late', 'Soon', 'Later'].map((name) => ({
        clientId: client.id,
        name,
        latitude: 30,
        longitude: -95,
        routineCadenceDays: 7,
      })),
    );
    await setSince(late?.id as number, '2026-10-01T15:00:00Z');
    await setSince(soon?.id as number, '2026-11-05T15:00:00Z');
    await setSince(later?.id as number, '2026-11-09T15:00:00Z');
    expect(
      (await schedule(token)).map((row: { location_name: string; status: string }) => [
        row.location_name,
        row.status,
      ]),
    ).toEqual([
      ['Late', 'overdue'],
      ['Soon', 'due'],
      ['Later', 'due'],
    ]);
  });

  it("shows a plain contact its own locations' schedules only, and lets it record inspections there", async () => {
    const mine = await site('Contact Yard', 7);
    await site('Other Yard', 7);
    const { user, contact } = await buildContactUser(t.services, clientId);
    await t.services.assignments.assignLocations(clientId, contact.id, [mine]);
    const token = (await login(t.app, user.email)).token;
    expect((await schedule(token)).map((row: { location_id: number }) => row.location_id)).toEqual([mine]);
    expect((await recordAt(mine, { inspected_at: '2026-11-10T16:00:00Z' }, token)).statusCode).toBe(201);
  });

  it('answers the same 404 for a location that is not there or not the caller’s, and refuses superusers', async () => {
    const yard = await site('Guarded Yard', 7);
    const { user: stranger } = await buildOwnedClient(t.services);
    const strangerToken = (await login(t.app, stranger.email)).token;
    for (const [locationId, token] of [
      [yard, strangerToken],
      [2_000_000_000, ownerToken],
    ] as const) {
      const response = await recordAt(locationId, { inspected_at: '2026-11-10T16:00:00Z' }, token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: ROUTINE_MESSAGES.locationNotFound });
      const list = await call({ url: `/api/inspections?location_id=${locationId}` }, token);
      expect(list.json()).toEqual({ detail: ROUTINE_MESSAGES.locationNotFound });
    }
    const admin = await buildUser(t.services, { isSuperuser: true, role: 'admin' });
    const adminToken = (await login(t.app, admin.email)).token;
    const refused = await call(
      {
        method: 'POST',
        url: `/api/inspections?client_id=${clientId}`,
        payload: { location_id: yard, inspected_at: '2026-11-10T16:00:00Z' },
      },
      adminToken,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: INSPECTION_MESSAGES.editors });
    expect(await inspectionsAt(yard)).toEqual([]);
  });

  it.each([
    [{ inspected_at: '2026-11-10T18:00:00Z' }, 'inspected_at', INSPECTION_MESSAGES.future],
    [{ location_id: 'yard', inspected_at: '2026-11-10T16:00:00Z' }, 'location_id', undefined],
    [{ location_id: undefined, inspected_at: '2026-11-10T16:00:00Z' }, 'location_id', undefined],
  ])(
    'refuses a bad routine inspection (%#) about %s and records nothing',
    async (payload, field, message) => {
      const yard = await site(`Checked Yard ${field}`, 7);
      const response = await recordAt(yard, payload);
      expect(response.statusCode).toBe(422);
      const [problem] = response.json().detail;
      expect(problem.loc.slice(0, 2)).toEqual(['body', field]);
      if (message) expect(problem.msg).toBe(message);
      expect(await inspectionsAt(yard)).toEqual([]);
    },
  );
});
