import { STORM_EVENT_MESSAGES } from '@pluvio/shared/storm-events-api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stormEventRevisions, stormEvents } from '../../core/tables/storm-events';
import { bearer, buildContactUser, buildOwnedClient, login } from '../../test/factories';
import { scriptedIngestion } from '../../test/scripted-source';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

const at = (iso: string) => new Date(iso);
// Tuesday 10 November 2026, 12:00 in New York (dates a query names must not be after tomorrow).
const NOW = at('2026-11-10T17:00:00Z');

describe('GET /api/storm-events (issue 28 point 7)', () => {
  let t: TestApp;
  const clock = manualClock(NOW);
  let owner: { token: string; clientId: number; yard: number; gate: number };
  let events: Record<'overdue' | 'due' | 'raining' | 'removed' | 'gateDue', number>;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    const { client, user } = await buildOwnedClient(t.services);
    const [yard, gate] = await t.services.locations.createMany(
      ['Yard', 'Gate'].map((name, index) => ({
        clientId: client.id,
        name,
        latitude: 30 + index,
        longitude: -95,
      })),
    );
    owner = {
      token: (await login(t.app, user.email)).token,
      clientId: client.id,
      yard: yard?.id as number,
      gate: gate?.id as number,
    };
    events = {
      overdue: await storm(owner.yard, '2026-11-01T09:00:00Z', '2026-11-01T13:00:00Z'),
      due: await storm(owner.yard, '2026-11-09T20:00:00Z', '2026-11-10T02:00:00Z'),
      raining: await storm(owner.yard, '2026-11-10T14:00:00Z', null),
      removed: await storm(owner.yard, '2026-11-05T10:00:00Z', '2026-11-05T12:00:00Z', true),
      gateDue: await storm(owner.gate, '2026-11-10T01:00:00Z', '2026-11-10T05:00:00Z'),
    };
    await t.database.db.insert(stormEventRevisions).values({
      eventId: events.removed,
      revisedAt: at('2026-11-05T14:05:00Z'),
      change: 'removed',
      before: { start: '2026-11-05T10:00:00.000Z', end: '2026-11-05T12:00:00.000Z', total: 0.3, passes: [1] },
      after: null,
    });
    // Two wet hours at the yard in the due event and one in the raining one, stored at their final pass.
    const wet = ['2026-11-10T00:00:00.000Z', '2026-11-10T02:00:00.000Z', '2026-11-10T16:00:00.000Z'];
    const rain = scriptedIngestion(t, clock, (key, point) =>
      key.product === '1h' && point.latitude === 30 && wet.includes(key.endsAt.toISOString()) ? 0.15 : 0,
    );
    await rain.ingestRange(at('2026-11-09T23:00:00Z'), at('2026-11-10T17:00:00Z'));
  });
  afterAll(() => t.close());

  /** An event of 0.3 in that ended at `end` (due 24 hours later), or is still raining. */
  async function storm(locationId: number, start: string, end: string | null, removed = false) {
    const [row] = await t.database.db
      .insert(stormEvents)
      .values({
        locationId,
        startedAt: at(start),
        endedAt: end ? at(end) : null,
        openedAt: at(end ?? start),
        total: 0.3,
        wettestHourEndsAt: at(end ?? start),
        wettestHourAmount: 0.15,
        passes: [2],
        sources: ['mrms'],
        threshold: 0.25,
        inspectionRule: 'within_24h',
        dueAt: end ? new Date(at(end).getTime() + 24 * 3_600_000) : null,
        detectedAt: at(start),
        removedAt: removed ? at('2026-11-05T14:05:00Z') : null,
        revisedAt: removed ? at('2026-11-05T14:05:00Z') : null,
      })
      .returning();
    return row?.id as number;
  }

  const get = (url: string, token = owner.token) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const idsOf = (body: { items: { id: number }[] }) => body.items.map((item) => item.id);

  it('lists the account’s events newest first with where each stands, leaving out those a revision removed', async () => {
    const response = await get('/api/storm-events');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(idsOf(body)).toEqual([events.raining, events.gateDue, events.due, events.overdue]);
    expect(body).toMatchObject({ total: 4, page: 1, page_size: 50 });
    expect(body.items.map((item: { status: string }) => item.status)).toEqual([
      'open',
      'due',
      'due',
      'overdue',
    ]);
    expect(body.items[3]).toMatchObject({
      location_name: 'Yard',
      client_id: owner.clientId,
      started_at: '2026-11-01T09:00:00.000Z',
      ended_at: '2026-11-01T13:00:00.000Z',
      due_at: '2026-11-02T13:00:00.000Z',
      total: 0.3,
      threshold: 0.25,
      inspection_rule: 'within_24h',
      source_label: 'NOAA MRMS radar/gauge, Pass 2',
      revised_at: null,
    });
  });

  it('filters by location, status and the dates events started on (Eastern), and pages', async () => {
    expect(idsOf((await get(`/api/storm-events?location_id=${owner.gate}`)).json())).toEqual([
      events.gateDue,
    ]);
    expect(idsOf((await get('/api/storm-events?status=overdue')).json())).toEqual([events.overdue]);
    expect(idsOf((await get('/api/storm-events?status=removed')).json())).toEqual([events.removed]);
    // 20:00 UTC on the 9th is 15:00 in New York; 01:00 UTC on the 10th is 20:00 on the 9th there.
    expect(idsOf((await get('/api/storm-events?from=2026-11-09&to=2026-11-09')).json())).toEqual([
      events.gateDue,
      events.due,
    ]);
    const second = (await get('/api/storm-events?page=2&page_size=3')).json();
    expect(second).toMatchObject({ total: 4, page: 2, page_size: 3 });
    expect(idsOf(second)).toEqual([events.overdue]);
  });

  it('gives an event with every hour of its chart and the history of its revisions', async () => {
    const due = (await get(`/api/storm-events/${events.due}`)).json();
    expect(due.hours[0]).toEqual({ ends_at: '2026-11-09T15:00:00.000Z', amount: 0, pass: null });
    expect(due.hours.at(-1).ends_at).toBe('2026-11-10T08:00:00.000Z');
    expect(due.hours).toHaveLength(18);
    expect(due.hours.filter((hour: { amount: number }) => hour.amount > 0)).toEqual([
      { ends_at: '2026-11-10T00:00:00.000Z', amount: 0.15, pass: 2 },
      { ends_at: '2026-11-10T02:00:00.000Z', amount: 0.15, pass: 2 },
    ]);
    expect(due.revisions).toEqual([]);

    const removed = (await get(`/api/storm-events/${events.removed}`)).json();
    expect(removed.status).toBe('removed');
    expect(removed.revisions).toEqual([
      {
        revised_at: '2026-11-05T14:05:00.000Z',
        change: 'removed',
        before: {
          start: '2026-11-05T10:00:00.000Z',
          end: '2026-11-05T12:00:00.000Z',
          total: 0.3,
          passes: [1],
        },
        after: null,
      },
    ]);
  });

  it('shows an open event’s chart up to the last whole hour, and when it is due if no more rain falls', async () => {
    const raining = (await get(`/api/storm-events/${events.raining}`)).json();
    expect(raining).toMatchObject({ status: 'open', ended_at: null, due_at: null });
    expect(raining.due_if_dry_at).toBe('2026-11-11T16:00:00.000Z');
    expect((await get(`/api/storm-events/${events.due}`)).json().due_if_dry_at).toBeNull();
    expect(raining.hours.at(-1).ends_at).toBe('2026-11-10T17:00:00.000Z');
  });

  it('answers each location with its most urgent event for the dashboard', async () => {
    const { locations } = (await get('/api/storm-events/pending')).json();
    expect(locations).toEqual([
      {
        location_id: owner.yard,
        event_id: events.overdue,
        status: 'overdue',
        due_at: '2026-11-02T13:00:00.000Z',
      },
      {
        location_id: owner.gate,
        event_id: events.gateDue,
        status: 'due',
        due_at: '2026-11-11T05:00:00.000Z',
      },
    ]);
  });

  it('calls an event found after its deadline a past storm: nothing was due, so it is not pending', async () => {
    const found = await storm(owner.gate, '2026-11-02T08:00:00Z', '2026-11-02T10:00:00Z');
    await t.database.db
      .update(stormEvents)
      .set({ detectedAt: at('2026-11-04T00:00:00Z') })
      .where(eq(stormEvents.id, found));
    expect((await get(`/api/storm-events/${found}`)).json().status).toBe('past');
    expect(idsOf((await get('/api/storm-events?status=past')).json())).toEqual([found]);
    const { locations } = (await get('/api/storm-events/pending')).json();
    expect(locations.map((row: { event_id: number }) => row.event_id)).not.toContain(found);
    await t.database.db.delete(stormEvents).where(eq(stormEvents.id, found));
  });

  it('shows a plain contact the events of its assigned locations only', async () => {
    const { user, contact } = await buildContactUser(t.services, owner.clientId);
    await t.services.assignments.assignLocations(owner.clientId, contact.id, [owner.gate]);
    const token = (await login(t.app, user.email)).token;
    expect(idsOf((await get('/api/storm-events', token)).json())).toEqual([events.gateDue]);
    expect((await get(`/api/storm-events/${events.gateDue}`, token)).statusCode).toBe(200);
    const hidden = await get(`/api/storm-events/${events.due}`, token);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ detail: STORM_EVENT_MESSAGES.notFound });
    expect((await get(`/api/storm-events?location_id=${owner.yard}`, token)).statusCode).toBe(404);
    const pending = (await get('/api/storm-events/pending', token)).json();
    expect(pending.locations.map((row: { location_id: number }) => row.location_id)).toEqual([owner.gate]);
  });

  it("answers 404 for another account's event and for one that does not exist", async () => {
    const { user: stranger } = await buildOwnedClient(t.services);
    const token = (await login(t.app, stranger.email)).token;
    expect((await get(`/api/storm-events/${events.due}`, token)).json()).toEqual({
      detail: STORM_EVENT_MESSAGES.notFound,
    });
    expect(idsOf((await get('/api/storm-events', token)).json())).toEqual([]);
    expect((await get('/api/storm-events/999999')).statusCode).toBe(404);
  });

  it.each([
    ['status=wet', 'status', STORM_EVENT_MESSAGES.status],
    ['from=2026-11-09&to=2026-11-01', 'to', 'The start date must not be after the end date'],
    ['from=2024-01-01&to=2025-06-01', 'to', STORM_EVENT_MESSAGES.range],
    ['from=2026-02-30', 'from', 'Dates must be written YYYY-MM-DD'],
    ['location_id=abc', 'location_id', undefined],
    ['page_size=251', 'page_size', undefined],
  ])('refuses %s with a 422 naming %s', async (query, field, message) => {
    const response = await get(`/api/storm-events?${query}`);
    expect(response.statusCode).toBe(422);
    const [problem] = response.json().detail;
    expect(problem.loc).toEqual(['querystring', field]);
    if (message) expect(problem.msg).toBe(message);
  });
});
