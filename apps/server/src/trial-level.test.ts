import { TIER } from '@pluvio/shared/tiers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertsRepository } from './features/alerts/alerts.repository';
import { createDailyReportRepository } from './features/daily-report/daily-report.repository';
import { buildContactUser, buildOwnedClient } from './test/factories';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * An administrator can make a trial with any tier; a trial is Gold level whatever its tier (D9).
 * Each gate that reads an account's level must read the trial flag with it.
 */
describe('a trial account whose tier is bronze', () => {
  let t: TestApp;
  let setup: Awaited<ReturnType<typeof trialWithBronzeTier>>;

  async function trialWithBronzeTier() {
    const { user: owner, client } = await buildOwnedClient(t.services, undefined, {
      tier: 'bronze',
      isTrialAccount: true,
      trialEndDate: '2026-12-20',
    });
    await t.database.db.execute(sql`update clients set forecast_on = true where id = ${client.id}`);
    await t.services.locations.createMany([
      { clientId: client.id, name: 'Yard', latitude: 30, longitude: -95, h24Threshold: 0.5 },
    ]);
    const { user: contact } = await buildContactUser(t.services, client.id);
    return { owner, client, contact };
  }

  beforeAll(async () => {
    t = await createTestApp();
    setup = await trialWithBronzeTier();
  });
  afterAll(() => t.close());

  it('is Gold to the API’s gates, for its contacts too', async () => {
    const access = await t.services.accounts.accessFor(setup.contact, setup.client.id);
    expect(access.viewer.tier).toBe(TIER.gold);
  });

  it('is listed as Gold in Switch User', async () => {
    const page = await t.services.users.list({ search: setup.owner.email, page: 1, page_size: 10 });
    expect(page.items.find((entry) => entry.id === setup.owner.id)?.subscription_level).toBe(TIER.gold);
  });

  it('gets the Atlas 14 column in its daily report', async () => {
    const due = await createDailyReportRepository(t.database.db).dueAccounts('2026-11-21', 1_000);
    expect(due.find((account) => account.id === setup.client.id)?.level).toBe(TIER.gold);
  });

  it('is watched at Gold level for forecast notices', async () => {
    const watchers = await createAlertsRepository(t.database.db).forecastWatchers('2026-11-21');
    expect(watchers.find((watcher) => watcher.clientId === setup.client.id)?.level).toBe(TIER.gold);
  });
});
