import { levelAllows } from '@pluvio/shared/gates';
import { provisionedSettings } from '@pluvio/shared/signup';
import { accountLevel } from '@pluvio/shared/tiers';
import { DAY_MS, productDate } from '../core/lib/time';
import { hashPassword } from '../core/passwords';
import { settingColumns } from '../features/accounts';
import type { Services } from '../services';
import {
  CONTACTS_DEMO_ACCOUNT,
  DEMO_ACCOUNTS,
  DEMO_CATEGORIES,
  DEMO_PASSWORD,
  DEMO_ROUTINES,
  DEMO_USERS,
  type DemoAccount,
  demoEmail,
  EXTRA_ACCOUNTS,
} from './demo-data';

/** The routine cadence of a demo site, set some days before the seeding. */
function demoRoutine(demo: DemoAccount, city: string, now: Date) {
  const routine = demo.key === CONTACTS_DEMO_ACCOUNT ? DEMO_ROUTINES[city] : undefined;
  if (!routine) return {};
  return {
    routineCadenceDays: routine.cadence,
    routineSince: new Date(now.getTime() - routine.setDaysAgo * DAY_MS),
  };
}

/**
 * Writes the demo installation (README "Demo logins") unless it is there already.
 * Returns false when nothing was written.
 */
export async function seedDemoData(services: Services): Promise<boolean> {
  const { users, accounts, locations, contacts, assignments, clock, config } = services;
  if (await users.findByEmail(demoEmail('admin'))) return false;
  const now = clock.now();
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const userIds = new Map<string, number>();
  for (const demo of DEMO_USERS) {
    const user = await users.create({
      email: demoEmail(demo.email),
      passwordHash,
      firstName: demo.firstName,
      lastName: demo.lastName,
      phone: demo.phone,
      role: demo.role,
      isSuperuser: demo.isSuperuser ?? false,
      isVerified: true,
      agreeToTerms: true,
      agreeToPrivacyPolicy: true,
    });
    userIds.set(demo.email, user.id);
  }

  const clientIds = new Map<string, number>();
  const locationIds = new Map<string, number[]>();
  for (const demo of [...DEMO_ACCOUNTS, ...EXTRA_ACCOUNTS]) {
    const owner = demo.owner ? userIds.get(demo.owner) : undefined;
    const trialEndDate =
      demo.accountType === 'trial' ? productDate(now, config.TIME_ZONE, demo.trialDays ?? 30) : null;
    const client = await accounts.createClient(clientValues(demo, owner, trialEndDate));
    clientIds.set(demo.key, client.id);
    const rows = await locations.createMany(
      demo.cities.map(([name, latitude, longitude]) => ({
        clientId: client.id,
        name,
        category: DEMO_CATEGORIES[name] ?? null,
        latitude,
        longitude,
        h24Threshold: 0.5,
        rapidrainThreshold: rapidrainThresholdOf(demo),
        dataStartDate: productDate(now, config.TIME_ZONE),
        ...demoRoutine(demo, name, now),
      })),
    );
    locationIds.set(
      demo.key,
      rows.map((row) => row.id),
    );
  }

  for (const demo of DEMO_USERS) {
    const account = DEMO_ACCOUNTS.find((candidate) => candidate.owner === demo.email);
    const id = userIds.get(demo.email);
    if (account && id) await users.setPrimaryClient(id, clientIds.get(account.key) ?? 0);
  }

  const goldId = clientIds.get(CONTACTS_DEMO_ACCOUNT) ?? 0;
  const contactUser = userIds.get('contact') ?? 0;
  const coownerUser = userIds.get('coowner') ?? 0;
  const carl = await contacts.create({
    clientId: goldId,
    userId: contactUser,
    name: 'Carl Contact',
    email: demoEmail('contact'),
    phone: '409-555-0105',
  });
  await assignments.assignLocations(
    goldId,
    carl.id,
    (locationIds.get(CONTACTS_DEMO_ACCOUNT) ?? []).slice(0, 2),
  );
  await contacts.create({
    clientId: goldId,
    userId: coownerUser,
    name: 'Cora Coowner',
    email: demoEmail('coowner'),
    phone: '361-555-0106',
  });
  await accounts.addClientAdmin(goldId, coownerUser);
  await users.setPrimaryClient(contactUser, goldId);
  await users.setPrimaryClient(coownerUser, goldId);
  await locations.fillAtlas14();
  return true;
}

function clientValues(demo: DemoAccount, ownerUserId: number | undefined, trialEndDate: string | null) {
  const trial = demo.accountType === 'trial';
  return {
    accountName: demo.accountName,
    email: demo.owner ? demoEmail(demo.owner) : demoEmail(`billing-${demo.key}`),
    phone: '512-555-0199',
    status: 'active',
    accountType: demo.accountType,
    isTrialAccount: trial,
    tier: demo.tier,
    trialEndDate,
    manualInvoice: demo.accountType !== 'paid',
    invoicePeriod: demo.accountType === 'paid' ? 'monthly' : null,
    invoiceDay: demo.accountType === 'paid' ? 1 : null,
    invoiceEmail: demo.owner ? demoEmail(demo.owner) : null,
    lastPaymentStatus: demo.lastPaymentStatus ?? null,
    ownerUserId: ownerUserId ?? null,
    ...settingColumns(provisionedSettings(demo.tier)),
  };
}

/** A location's own RapidRain threshold where the account's level has one, the 24-hour one below. */
function rapidrainThresholdOf(demo: DemoAccount): number {
  const level = accountLevel({ tier: demo.tier, is_trial_account: demo.accountType === 'trial' });
  return levelAllows(level, 'rapidrainThreshold') ? 0.25 : 0.5;
}
