import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/db/client';
import { DEMO_PASSWORD, demoEmail } from '../../demo/demo-data';
import { seedDemoData } from '../../demo/seed';
import { bearer, login } from '../../test/factories';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

const TIME_ZONE = 'America/New_York';

interface Sent {
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  filename: string;
  content: Uint8Array;
}

/** The demo installation seeded on Nov 21; its monthly reports of November go out on Dec 1. */
describe('the monthly report', () => {
  let t: TestApp;
  const clock = manualClock(new Date('2026-11-21T15:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { TIME_ZONE } });
    await seedDemoData(t.services);
  });
  afterAll(() => t.close());

  async function sent(): Promise<Sent[]> {
    return queryRows<Sent>(
      t.database.db,
      sql`select o.recipient, o.subject, o.text_body, o.html_body, a.filename, a.content
            from outbox o join outbox_attachments a on a.id = o.attachment_id
           where o.kind = 'monthly_report' order by o.recipient, o.subject`,
    );
  }

  async function sendAt(iso: string) {
    clock.set(new Date(iso));
    return t.services.monthlyReport.sendDue();
  }

  async function setAccount(accountName: string, assignment: ReturnType<typeof sql>) {
    await t.database.db.execute(sql`update clients set ${assignment} where account_name = ${accountName}`);
  }

  it('turns a contact’s switch on through the API; a new contact has it off', async () => {
    const { token } = await login(t.app, demoEmail('gold'), DEMO_PASSWORD);
    const listed = (await t.app.inject({ url: '/api/contacts', headers: bearer(token) })).json();
    const carl = listed.find((item: { name: string }) => item.name === 'Carl Contact');
    expect(carl.monthly_report_on).toBe(false);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/contacts/${carl.id}`,
      headers: bearer(token),
      payload: { monthly_report_on: true },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().monthly_report_on).toBe(true);
  });

  it('goes out once on the 1st from 06:00 ET to the owners and contacts who asked, HTML body and PDF attached', async () => {
    await setAccount('Metroplex Facilities', sql`monthly_report_on = false`);
    // Not monitored any more: its subscription ended in November.
    await setAccount('Hill Country Farms', sql`subscription_ends_on = '2026-11-15'`);
    // Assigned every location, but never asked for the monthly report (the switch starts off).
    const [gold] = await queryRows<{ id: number; location_ids: number[] }>(
      t.database.db,
      sql`select c.id, array_agg(l.id) as location_ids from clients c join locations l on l.client_id = c.id
           where c.account_name = 'Gulf Coast Builders' group by c.id`,
    );
    const olive = await t.services.contacts.create({
      clientId: gold?.id ?? 0,
      name: 'Olive Off',
      email: 'olive.off@example.com',
    });
    await t.services.assignments.assignLocations(gold?.id ?? 0, olive.id, gold?.location_ids ?? []);

    await sendAt('2026-12-01T10:59:00Z');
    expect(await sent()).toEqual([]);

    await sendAt('2026-12-01T11:00:00Z');
    // Two workers at once, then later runs the same day, send nothing twice.
    await Promise.all([t.services.monthlyReport.sendDue(), t.services.monthlyReport.sendDue()]);
    await sendAt('2026-12-01T23:00:00Z');
    await sendAt('2026-12-02T11:00:00Z');

    const messages = await sent();
    expect(messages.map((message) => [message.recipient, message.subject])).toEqual([
      [demoEmail('contact'), 'Pluvio: Monthly Rainfall Report — November 2026, Gulf Coast Builders'],
      [demoEmail('gold'), 'Pluvio: Monthly Rainfall Report — November 2026, Gulf Coast Builders'],
      [demoEmail('multi'), 'Pluvio: Monthly Rainfall Report — November 2026, Border Logistics'],
      [demoEmail('multi'), 'Pluvio: Monthly Rainfall Report — November 2026, West Texas Ranches'],
      [demoEmail('trial'), 'Pluvio: Monthly Rainfall Report — November 2026, Panhandle Paving'],
    ]);
    const [toContact, toOwner] = messages;
    for (const message of messages) {
      expect(message.filename).toBe('pluvio-monthly-2026-11.pdf');
      expect(Buffer.from(message.content).subarray(0, 5).toString()).toBe('%PDF-');
      expect(message.html_body).toContain('Monthly Rainfall Report — November 2026');
      expect(message.text_body).toContain('is attached (pluvio-monthly-2026-11.pdf)');
    }
    // The contact's report covers its two assigned locations; the owner's every location.
    expect(toOwner?.html_body).toContain('Beaumont');
    expect(toContact?.html_body).toContain('Houston');
    expect(toContact?.html_body).not.toContain('Beaumont');
  });

  it('goes out again the next month, keyed by month', async () => {
    const before = (await sent()).length;
    await sendAt('2027-01-01T11:00:00Z');
    const december = (await sent()).filter((message) => message.subject.includes('December 2026'));
    expect(december.map((message) => message.recipient)).toContain(demoEmail('gold'));
    expect(december.map((message) => message.recipient)).not.toContain(demoEmail('silver'));
    expect((await sent()).length).toBe(before + december.length);
    await sendAt('2027-01-01T12:00:00Z');
    expect((await sent()).length).toBe(before + december.length);
  });
});
