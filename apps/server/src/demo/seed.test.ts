import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../core/db/client';
import { bearer, login } from '../test/factories';
import { createTestApp, manualClock, type TestApp } from '../test/test-app';
import { DEMO_PASSWORD } from './demo-data';
import { seedDemoData } from './seed';

describe('demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: manualClock(new Date('2026-11-21T15:00:00Z')) });
    await seedDemoData(t.services);
  });
  afterAll(() => t.close());

  async function me(local: string) {
    const { token, response } = await login(t.app, `${local}@pluvio.example`, DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    return (await t.app.inject({ url: '/users/me', headers: bearer(token) })).json();
  }

  it('signs in every demo login with the shared password, each in its role and tier', async () => {
    expect(await me('admin')).toMatchObject({ is_superuser: true, role: 'admin' });
    expect((await me('gold')).clients[0]).toMatchObject({
      tier: 'gold',
      membership: 'owner',
      account_type: 'paid',
    });
    expect((await me('silver')).clients[0]).toMatchObject({ tier: 'silver', membership: 'owner' });
    expect((await me('bronze')).clients[0]).toMatchObject({ tier: 'bronze', membership: 'owner' });
    const trial = await me('trial');
    expect(trial.clients[0]).toMatchObject({
      is_trial_account: true,
      account_type: 'trial',
      trial_end_date: '2026-12-03',
    });
    expect(trial.location_count).toBe(1);
    expect(await me('contact')).toMatchObject({ role: 'contact', co_owner: false, location_count: 2 });
    expect(await me('coowner')).toMatchObject({ role: 'contact', co_owner: true });
    const multi = await me('multi');
    expect(multi.clients.map((c: { tier: string }) => c.tier)).toEqual(['gold', 'bronze']);
  });

  it('has 16 Texas locations with NOAA Atlas 14 depths and ten more accounts for the admin lists', async () => {
    const [counts] = await queryRows<{
      locations: number;
      clients: number;
      outside_texas: number;
      without_atlas14: number;
    }>(
      t.database.db,
      sql`select (select count(*)::int from locations) as locations,
                 (select count(*)::int from clients) as clients,
                 (select count(*)::int from locations
                   where latitude not between 25.8 and 36.5 or longitude not between -106.7 and -93.5) as outside_texas,
                 (select count(*)::int from locations where atlas14_threshold is null) as without_atlas14`,
    );
    expect(counts).toEqual({ locations: 16, clients: 16, outside_texas: 0, without_atlas14: 0 });
  });

  it("groups some of the gold account's sites in categories and leaves one without, so the pickers show both", async () => {
    const rows = await queryRows<{ name: string; category: string | null }>(
      t.database.db,
      sql`select l.name, l.category from locations l join clients c on c.id = l.client_id
           where c.account_name = 'Gulf Coast Builders' order by l.name`,
    );
    expect(rows).toEqual([
      { name: 'Beaumont', category: 'Yards' },
      { name: 'Corpus Christi', category: null },
      { name: 'Galveston', category: 'Job sites' },
      { name: 'Houston', category: 'Job sites' },
    ]);
  });

  it("schedules routine inspections at the gold account's sites, Beaumont's overdue, and tells its owner once", async () => {
    const { token } = await login(t.app, 'gold@pluvio.example', DEMO_PASSWORD);
    const schedule = (await t.app.inject({ url: '/api/routine-inspections', headers: bearer(token) })).json();
    expect(
      schedule.items.map((row: { location_name: string; cadence_days: number; status: string }) => [
        row.location_name,
        row.cadence_days,
        row.status,
      ]),
    ).toEqual([
      ['Beaumont', 7, 'overdue'],
      ['Houston', 7, 'due'],
      ['Galveston', 14, 'due'],
    ]);
    await t.services.inspectionNotices.notifyDue();
    await t.services.inspectionNotices.notifyDue();
    const notices = await queryRows<{ recipient: string; subject: string }>(
      t.database.db,
      sql`select recipient, subject from outbox where kind = 'inspection' order by id`,
    );
    expect(notices).toEqual([
      { recipient: 'gold@pluvio.example', subject: 'Pluvio: Routine inspection overdue: Beaumont' },
    ]);
  });

  it('writes nothing the second time', async () => {
    expect(await seedDemoData(t.services)).toBe(false);
  });
});
