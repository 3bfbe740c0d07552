import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/db/client';
import { inspections } from '../../core/tables/storm-events';
import { buildOwnedClient } from '../../test/factories';
import { insertStormEvent } from '../../test/storm-events';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import { createInspectionNoticesService } from './inspection-notices.service';

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);
const later = (time: Date, hours: number) => new Date(time.getTime() + hours * HOUR);

interface OutboxRow {
  channel: string;
  recipient: string;
  subject: string | null;
  text_body: string;
}

/** Each test has its own account and location; the notices look at every event there is. */
describe('the inspection clock’s notices (issue 28 point 3)', () => {
  let t: TestApp;
  const clock = manualClock(at('2026-06-01T00:00:00Z'));
  const notices = () =>
    createInspectionNoticesService(t.database.db, {
      clock,
      timeZone: 'America/New_York',
      publicUrl: 'https://pluvio.test',
      outboxIn: t.services.outboxIn,
    });
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  /** A site with a contact taking e-mail and texts, one taking neither, and one inactive. */
  async function site(name: string) {
    const { user: owner, client } = await buildOwnedClient(t.services);
    const [location] = await t.services.locations.createMany([
      { clientId: client.id, name, latitude: 30, longitude: -95 },
    ]);
    const locationId = location?.id as number;
    const contact = (contactName: string, phone: string) =>
      t.services.contacts.create({
        clientId: client.id,
        name: contactName,
        email: `${contactName}@example.com`,
        phone,
      });
    const lead = await contact(`lead-${locationId}`, '713-555-0101');
    const quiet = await contact(`quiet-${locationId}`, '713-555-0102');
    const gone = await contact(`gone-${locationId}`, '713-555-0103');
    await t.database.db.execute(
      sql`update contacts set email_notification = false, sms_notification = false where id = ${quiet.id}`,
    );
    await t.database.db.execute(sql`update contacts set status = 'inactive' where id = ${gone.id}`);
    for (const assigned of [lead, quiet, gone]) {
      await t.services.assignments.assignLocations(client.id, assigned.id, [locationId]);
    }
    return { owner, client, locationId, lead: `lead-${locationId}@example.com` };
  }

  /** An event of 0.42 in that ended at `end`, found `foundAfterHours` later, due 24 hours after its end. */
  const storm = (locationId: number, end: Date, foundAfterHours = 7) =>
    insertStormEvent(t.database.db, {
      locationId,
      endedAt: end,
      openedAt: later(end, -2),
      total: 0.42,
      wettestHourEndsAt: later(end, -2),
      wettestHourAmount: 0.2,
      detectedAt: later(end, foundAfterHours),
    });

  const messagesAbout = (name: string) =>
    queryRows<OutboxRow>(
      t.database.db,
      sql`select channel, recipient, subject, text_body from outbox
           where kind = 'inspection' and text_body like ${`%${name}:%`} order by id`,
    );
  const sent = (rows: OutboxRow[]) => rows.map((row) => [row.channel, row.recipient, row.subject]);

  it('tells the contacts when an event ends and 4 hours before the deadline, and the owner when it passes, each once', async () => {
    const { owner, locationId, lead } = await site('Yard A');
    const end = at('2026-06-02T18:00:00Z');
    const event = await storm(locationId, end);

    clock.set(later(end, 7));
    await notices().notifyDue();
    await notices().notifyDue();
    const due = await messagesAbout('Yard A');
    expect(sent(due)).toEqual([
      ['email', lead, 'Pluvio: Inspection due: Yard A'],
      ['sms', '+17135550101', null],
    ]);
    expect(due[0]?.text_body).toContain(
      'Yard A: 0.42 in of rain from Jun 2, 9:00 AM EDT to Jun 2, 2:00 PM EDT; inspect by Jun 3, 2:00 PM EDT.',
    );
    expect(due[0]?.text_body).toContain(`https://pluvio.test/storm-events/${event}`);
    expect(due[1]?.text_body).toMatch(/^Pluvio Inspection due\. Yard A: 0\.42 in/);

    clock.set(later(end, 19.9));
    await notices().notifyDue();
    expect(await messagesAbout('Yard A')).toHaveLength(2);
    clock.set(later(end, 20));
    await notices().notifyDue();
    await notices().notifyDue();
    expect(sent((await messagesAbout('Yard A')).slice(2))).toEqual([
      ['email', lead, 'Pluvio: Inspection due in 4 hours: Yard A'],
      ['sms', '+17135550101', null],
    ]);

    clock.set(later(end, 24));
    await notices().notifyDue();
    expect(await messagesAbout('Yard A')).toHaveLength(4);
    clock.set(later(end, 24.02));
    await notices().notifyDue();
    await notices().notifyDue();
    const overdue = (await messagesAbout('Yard A')).slice(4);
    expect(sent(overdue)).toEqual([['email', owner.email, 'Pluvio: Inspection overdue: Yard A']]);
    expect(overdue[0]?.text_body).toContain('the inspection was due by Jun 3, 2:00 PM EDT.');
  });

  it('sends nothing twice when two workers decide at once', async () => {
    const { locationId } = await site('Yard B');
    const end = at('2026-06-05T12:00:00Z');
    await storm(locationId, end);
    clock.set(later(end, 8));
    await Promise.all([notices().notifyDue(), notices().notifyDue(), notices().notifyDue()]);
    expect(await messagesAbout('Yard B')).toHaveLength(2);
  });

  it('says nothing of an event found after its deadline, and records why', async () => {
    const { locationId } = await site('Yard C');
    const end = at('2026-06-07T12:00:00Z');
    const event = await storm(locationId, end, 30);
    clock.set(later(end, 30));
    await notices().notifyDue();
    clock.set(later(end, 31));
    await notices().notifyDue();
    expect(await messagesAbout('Yard C')).toEqual([]);
    const decided = await queryRows<{ kind: string; sent: boolean }>(
      t.database.db,
      sql`select kind, sent from inspection_notices where event_id = ${event} order by kind`,
    );
    expect(decided).toEqual([
      { kind: 'due', sent: false },
      { kind: 'overdue', sent: false },
      { kind: 'reminder', sent: false },
    ]);
  });

  it('leaves out the reminder when the due notice went out less than 4 hours before the deadline', async () => {
    const { locationId } = await site('Yard D');
    const end = at('2026-06-09T12:00:00Z');
    await storm(locationId, end, 21);
    clock.set(later(end, 21));
    await notices().notifyDue();
    clock.set(later(end, 22));
    await notices().notifyDue();
    expect((await messagesAbout('Yard D')).map((row) => row.subject)).toEqual([
      'Pluvio: Inspection due: Yard D',
      null,
    ]);
  });

  it('sends no reminder nor overdue notice once the event is inspected after its end', async () => {
    const { locationId } = await site('Yard G');
    const end = at('2026-06-13T12:00:00Z');
    const event = await storm(locationId, end);
    clock.set(later(end, 8));
    await notices().notifyDue();
    await t.database.db.insert(inspections).values({
      locationId,
      eventId: event,
      inspectorName: 'Lead',
      inspectedAt: later(end, 9),
      bmps: [],
      findings: '',
      notes: '',
      createdAt: later(end, 9),
      updatedAt: later(end, 9),
    });
    clock.set(later(end, 21));
    await notices().notifyDue();
    clock.set(later(end, 25));
    await notices().notifyDue();
    expect((await messagesAbout('Yard G')).map((row) => row.subject)).toEqual([
      'Pluvio: Inspection due: Yard G',
      null,
    ]);
  });

  it('sends nothing for an account that is not monitored, nor for an event a revision removed', async () => {
    const { client, locationId } = await site('Yard E');
    await t.database.db.execute(sql`update clients set status = 'inactive' where id = ${client.id}`);
    const end = at('2026-06-11T12:00:00Z');
    await storm(locationId, end);
    const { locationId: revised } = await site('Yard F');
    const removed = await storm(revised, end);
    await t.database.db.execute(
      sql`update storm_events set removed_at = ${end.toISOString()} where id = ${removed}`,
    );
    clock.set(later(end, 8));
    await notices().notifyDue();
    clock.set(later(end, 25));
    await notices().notifyDue();
    expect(await messagesAbout('Yard E')).toEqual([]);
    expect(await messagesAbout('Yard F')).toEqual([]);
  });

  /** A site inspected every `cadence` days from Monday 1 June 2026, 10:00 in New York. */
  async function routineSite(name: string, cadence: 7 | 14) {
    const made = await site(name);
    await t.database.db.execute(
      sql`update locations set routine_cadence_days = ${cadence}, routine_since = '2026-06-01T14:00:00Z'
           where id = ${made.locationId}`,
    );
    return made;
  }

  it('tells the contacts on the morning a routine inspection is due, reminds them 4 hours before midnight, and the owner after, each once', async () => {
    const { owner, locationId, lead } = await routineSite('Yard R', 7);
    clock.set(at('2026-06-08T09:59:00Z'));
    await notices().notifyDue();
    expect(await messagesAbout('Yard R')).toEqual([]);

    clock.set(at('2026-06-08T10:00:00Z'));
    await Promise.all([notices().notifyDue(), notices().notifyDue()]);
    const due = await messagesAbout('Yard R');
    expect(sent(due)).toEqual([
      ['email', lead, 'Pluvio: Routine inspection due: Yard R'],
      ['sms', '+17135550101', null],
    ]);
    expect(due[0]?.text_body).toContain(
      'Yard R: routine inspection every 7 days, none recorded yet; inspect by Jun 8, 11:59 PM EDT.',
    );
    expect(due[0]?.text_body).toContain(`https://pluvio.test/storm-events/routine/${locationId}`);

    clock.set(at('2026-06-09T00:00:00Z'));
    await notices().notifyDue();
    expect(sent((await messagesAbout('Yard R')).slice(2))).toEqual([
      ['email', lead, 'Pluvio: Routine inspection due in 4 hours: Yard R'],
      ['sms', '+17135550101', null],
    ]);

    clock.set(at('2026-06-09T04:00:00Z'));
    await notices().notifyDue();
    await notices().notifyDue();
    const overdue = (await messagesAbout('Yard R')).slice(4);
    expect(sent(overdue)).toEqual([['email', owner.email, 'Pluvio: Routine inspection overdue: Yard R']]);
    expect(overdue[0]?.text_body).toContain('the routine inspection was due by Jun 8, 11:59 PM EDT.');
  });

  it('moves a routine due date with each inspection: the old date says no more, the new one starts again', async () => {
    const { locationId } = await routineSite('Yard S', 14);
    clock.set(at('2026-06-15T10:00:00Z'));
    await notices().notifyDue();
    const inspectedAt = at('2026-06-15T12:00:00Z');
    await t.database.db.insert(inspections).values({
      locationId,
      inspectorName: 'Lead',
      inspectedAt,
      bmps: [],
      findings: '',
      notes: '',
      createdAt: inspectedAt,
      updatedAt: inspectedAt,
    });
    for (const time of ['2026-06-16T00:00:00Z', '2026-06-16T04:00:00Z', '2026-06-29T09:00:00Z']) {
      clock.set(at(time));
      await notices().notifyDue();
    }
    expect((await messagesAbout('Yard S')).map((row) => row.subject)).toEqual([
      'Pluvio: Routine inspection due: Yard S',
      null,
    ]);
    clock.set(at('2026-06-29T10:00:00Z'));
    await notices().notifyDue();
    const next = (await messagesAbout('Yard S')).slice(2);
    expect(next[0]?.subject).toBe('Pluvio: Routine inspection due: Yard S');
    expect(next[0]?.text_body).toContain('last one Jun 15, 8:00 AM EDT; inspect by Jun 29, 11:59 PM EDT.');
  });
});
