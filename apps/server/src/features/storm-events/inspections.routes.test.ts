import type { AuditAction } from '@pluvio/shared/audit.schemas';
import { INSPECTION_LIMITS, INSPECTION_MESSAGES } from '@pluvio/shared/inspections';
import { STORM_EVENT_MESSAGES } from '@pluvio/shared/storm-events-api';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildContactUser, buildOwnedClient, buildUser, login } from '../../test/factories';
import { fullInspection, insertStormEvent } from '../../test/storm-events';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

const at = (iso: string) => new Date(iso);
// Tuesday 10 November 2026, 12:00 in New York; the storm ended at 08:00 that morning.
const NOW = at('2026-11-10T17:00:00Z');
const ENDED = '2026-11-10T13:00:00.000Z';

describe('inspections of storm events (issue 28 point 4)', () => {
  let t: TestApp;
  const clock = manualClock(NOW);
  let clientId: number;
  let yard: number;
  let gate: number;
  let ownerToken: string;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    const { client, user } = await buildOwnedClient(t.services);
    clientId = client.id;
    const [first, second] = await t.services.locations.createMany(
      ['Yard', 'Gate'].map((name, index) => ({ clientId, name, latitude: 30 + index, longitude: -95 })),
    );
    yard = first?.id as number;
    gate = second?.id as number;
    ownerToken = (await login(t.app, user.email)).token;
  });
  afterAll(() => t.close());

  const storm = (locationId: number, removed = false) =>
    insertStormEvent(t.database.db, { locationId, endedAt: at(ENDED), removedAt: removed ? NOW : null });

  const call = (options: InjectOptions & { url: string }, token = ownerToken) =>
    t.app.inject({ ...options, headers: bearer(token) });
  const record = (eventId: number, payload: object, token = ownerToken) =>
    call({ method: 'POST', url: `/api/storm-events/${eventId}/inspections`, payload }, token);
  const eventOf = async (eventId: number) => (await call({ url: `/api/storm-events/${eventId}` })).json();
  const auditOf = async (action: string) =>
    (
      await t.services.audit.page({
        action: action as AuditAction,
        client_id: clientId,
        page: 1,
        page_size: 50,
      })
    ).items;

  it('records an inspection that satisfies the permit, and the event reads inspected', async () => {
    const event = await storm(yard);
    const response = await record(
      event,
      fullInspection('2026-11-10T11:30:00-05:00', 'Silt fence sagging at the NE corner.\nInlet clear.'),
    );
    expect(response.statusCode).toBe(201);
    const inspection = response.json();
    expect(inspection).toMatchObject({
      event_id: event,
      location_id: yard,
      client_id: clientId,
      inspector: { name: 'Test User' },
      inspected_at: '2026-11-10T16:30:00.000Z',
      counts_for_event: true,
      bmps: ['Silt fence, north side', 'Inlet protection'],
      findings: 'Silt fence sagging at the NE corner.\nInlet clear.',
      corrective_actions: [
        { description: 'Re-stake the silt fence', due_on: '2026-11-12', completed_at: null },
      ],
    });

    const detail = await eventOf(event);
    expect(detail.status).toBe('inspected');
    expect(detail.inspections).toEqual([inspection]);
    const pending = (await call({ url: '/api/storm-events/pending' })).json();
    expect(pending.locations.map((row: { event_id: number }) => row.event_id)).not.toContain(event);
    expect((await call({ url: `/api/inspections/${inspection.id}` })).json()).toEqual(inspection);
    const [entry] = await auditOf('inspection_recorded');
    expect(entry?.details).toMatchObject({ inspection: inspection.id, event, location: yard });
  });

  it('keeps the event due when the inspection was made before the storm ended', async () => {
    const event = await storm(gate);
    const response = await record(event, { inspected_at: '2026-11-10T09:00:00Z' });
    expect(response.json().counts_for_event).toBe(false);
    expect((await eventOf(event)).status).toBe('due');
  });

  it('changes an inspection: kept corrective actions keep their id and completion time, left-out ones go', async () => {
    const event = await storm(yard);
    const created = (
      await record(event, {
        inspected_at: '2026-11-10T16:00:00Z',
        corrective_actions: [{ description: 'Sweep the entrance' }, { description: 'Replace the inlet bag' }],
      })
    ).json();
    const [sweep, bag] = created.corrective_actions;
    const patch = (payload: object) =>
      call({ method: 'PATCH', url: `/api/inspections/${created.id}`, payload });

    const completed = await patch({
      findings: 'Entrance tracked with mud.',
      corrective_actions: [
        { id: sweep.id, description: 'Sweep the entrance', completed: true },
        { description: 'Add rock' },
      ],
    });
    expect(completed.json()).toMatchObject({ findings: 'Entrance tracked with mud.' });
    const actions = completed.json().corrective_actions;
    expect(actions[0]).toEqual({ ...sweep, completed_at: NOW.toISOString() });
    expect(actions.map((action: { description: string }) => action.description)).toEqual([
      'Sweep the entrance',
      'Add rock',
    ]);
    expect(actions.map((action: { id: number }) => action.id)).not.toContain(bag.id);

    clock.set(new Date(NOW.getTime() + 600_000));
    const later = await patch({
      corrective_actions: [{ id: sweep.id, description: 'Sweep the entrance daily', completed: true }],
    });
    expect(later.json().corrective_actions).toEqual([
      { ...sweep, description: 'Sweep the entrance daily', completed_at: NOW.toISOString() },
    ]);
    expect(later.json().findings).toBe('Entrance tracked with mud.');
    clock.set(NOW);

    const unknown = await patch({ corrective_actions: [{ id: bag.id, description: 'Gone' }] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail[0]).toMatchObject({
      loc: ['body', 'corrective_actions'],
      msg: INSPECTION_MESSAGES.actionNotFound,
    });
    const [change] = await auditOf('inspection_changed');
    expect(change?.details).toMatchObject({ inspection: created.id, event });
  });

  it("lets the location's assigned contact record and change inspections, and no one else", async () => {
    const event = await storm(gate);
    const assigned = await buildContactUser(t.services, clientId);
    await t.services.assignments.assignLocations(clientId, assigned.contact.id, [gate]);
    const assignedToken = (await login(t.app, assigned.user.email)).token;
    const made = await record(event, { inspected_at: '2026-11-10T15:00:00Z' }, assignedToken);
    expect(made.statusCode).toBe(201);

    const elsewhere = await buildContactUser(t.services, clientId);
    await t.services.assignments.assignLocations(clientId, elsewhere.contact.id, [yard]);
    const elsewhereToken = (await login(t.app, elsewhere.user.email)).token;
    expect((await record(event, { inspected_at: '2026-11-10T15:00:00Z' }, elsewhereToken)).statusCode).toBe(
      404,
    );
    const read = await call({ url: `/api/inspections/${made.json().id}` }, elsewhereToken);
    expect(read.json()).toEqual({ detail: INSPECTION_MESSAGES.notFound });

    const { user: stranger } = await buildOwnedClient(t.services);
    const strangerToken = (await login(t.app, stranger.email)).token;
    expect((await record(event, { inspected_at: '2026-11-10T15:00:00Z' }, strangerToken)).json()).toEqual({
      detail: STORM_EVENT_MESSAGES.notFound,
    });

    const admin = await buildUser(t.services, { isSuperuser: true, role: 'admin' });
    const adminToken = (await login(t.app, admin.email)).token;
    const refused = await call(
      {
        method: 'POST',
        url: `/api/storm-events/${event}/inspections?client_id=${clientId}`,
        payload: { inspected_at: '2026-11-10T15:00:00Z' },
      },
      adminToken,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: INSPECTION_MESSAGES.editors });
  });

  it('refuses an event a revision removed', async () => {
    const event = await storm(yard, true);
    const response = await record(event, { inspected_at: '2026-11-10T15:00:00Z' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: INSPECTION_MESSAGES.removed });
  });

  it.each([
    [{ inspected_at: '2026-11-10T18:00:00Z' }, 'inspected_at', INSPECTION_MESSAGES.future],
    [{ inspected_at: '2026-11-10T07:59:00Z' }, 'inspected_at', INSPECTION_MESSAGES.beforeEvent],
    [{ inspected_at: 'yesterday' }, 'inspected_at', INSPECTION_MESSAGES.inspectedAt],
    [{}, 'inspected_at', INSPECTION_MESSAGES.inspectedAt],
    [
      {
        inspected_at: '2026-11-10T15:00:00Z',
        bmps: Array.from({ length: 51 }, (_, index) => `BMP ${index}`),
      },
      'bmps',
      INSPECTION_MESSAGES.bmps,
    ],
    [{ inspected_at: '2026-11-10T15:00:00Z', bmps: ['Fence\u0000'] }, 'bmps', undefined],
    [
      { inspected_at: '2026-11-10T15:00:00Z', findings: 'x'.repeat(INSPECTION_LIMITS.text + 1) },
      'findings',
      undefined,
    ],
    [
      { inspected_at: '2026-11-10T15:00:00Z', corrective_actions: [{ description: ' ' }] },
      'corrective_actions',
      undefined,
    ],
    [
      {
        inspected_at: '2026-11-10T15:00:00Z',
        corrective_actions: [{ description: 'Fix', due_on: '2026-02-30' }],
      },
      'corrective_actions',
      undefined,
    ],
  ])(
    'refuses a bad inspection (%#) with a 422 about %s, and records nothing',
    async (payload: object, field, message) => {
      const event = await storm(gate);
      const response = await record(event, payload);
      expect(response.statusCode).toBe(422);
      const [problem] = response.json().detail;
      expect(problem.loc.slice(0, 2)).toEqual(['body', field]);
      if (message) expect(problem.msg).toBe(message);
      expect((await eventOf(event)).inspections).toEqual([]);
    },
  );
});
