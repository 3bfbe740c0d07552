/** The demo installation: who signs in, which accounts they own, and 16 Texas cities. */

export const DEMO_PASSWORD = 'Rainfall#2026';
export const DEMO_DOMAIN = 'pluvio.example';

type City = readonly [name: string, latitude: number, longitude: number];

export interface DemoAccount {
  key: string;
  accountName: string;
  tier: 'gold' | 'silver' | 'bronze';
  accountType: 'paid' | 'trial' | 'free' | 'demo';
  trialDays?: number;
  owner: string | null;
  cities: readonly City[];
  lastPaymentStatus?: string;
}

export interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  role: string;
  isSuperuser?: boolean;
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: 'admin',
    firstName: 'Ada',
    lastName: 'Admin',
    phone: '512-555-0100',
    role: 'admin',
    isSuperuser: true,
  },
  { email: 'gold', firstName: 'Gail', lastName: 'Gold', phone: '713-555-0101', role: 'client' },
  { email: 'silver', firstName: 'Sam', lastName: 'Silver', phone: '214-555-0102', role: 'client' },
  { email: 'bronze', firstName: 'Bea', lastName: 'Bronze', phone: '512-555-0103', role: 'client' },
  { email: 'trial', firstName: 'Tom', lastName: 'Trial', phone: '806-555-0104', role: 'client' },
  { email: 'contact', firstName: 'Carl', lastName: 'Contact', phone: '409-555-0105', role: 'contact' },
  { email: 'coowner', firstName: 'Cora', lastName: 'Coowner', phone: '361-555-0106', role: 'contact' },
  { email: 'multi', firstName: 'Max', lastName: 'Multi', phone: '915-555-0107', role: 'client' },
];

/** The account whose contact and co-owner the demo signs in as (README "Demo logins"). */
export const CONTACTS_DEMO_ACCOUNT = 'gold';
/** Where the demo's scripted storm passes, so a fresh install's first alerts reach the mail viewer. */
export const DEMO_STORM_SITE = { account: 'gold', city: 'Houston' } as const;

/**
 * Routine inspections of the gold account's sites (issue 28): a cadence, and how many days
 * before the seeding it was set. Beaumont's was due yesterday, so its owner hears it is overdue.
 */
export const DEMO_ROUTINES: Readonly<Record<string, { cadence: 7 | 14; setDaysAgo: number }>> = {
  Houston: { cadence: 7, setDaysAgo: 0 },
  Galveston: { cadence: 14, setDaysAgo: 3 },
  Beaumont: { cadence: 7, setDaysAgo: 8 },
};

/** Categories of some demo sites, so the pickers show their groups ('No category' for the rest). */
export const DEMO_CATEGORIES: Readonly<Record<string, string>> = {
  Houston: 'Job sites',
  Galveston: 'Job sites',
  Beaumont: 'Yards',
  Dallas: 'Facilities',
  'Fort Worth': 'Facilities',
  'El Paso': 'Ranches',
  Midland: 'Ranches',
};

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    key: 'gold',
    accountName: 'Gulf Coast Builders',
    tier: 'gold',
    accountType: 'paid',
    owner: 'gold',
    lastPaymentStatus: 'paid',
    cities: [
      ['Houston', 29.7604, -95.3698],
      ['Galveston', 29.3013, -94.7977],
      ['Beaumont', 30.0802, -94.1266],
      ['Corpus Christi', 27.8006, -97.3964],
    ],
  },
  {
    key: 'silver',
    accountName: 'Metroplex Facilities',
    tier: 'silver',
    accountType: 'paid',
    owner: 'silver',
    lastPaymentStatus: 'paid',
    cities: [
      ['Dallas', 32.7767, -96.797],
      ['Fort Worth', 32.7555, -97.3308],
      ['Waco', 31.5493, -97.1467],
    ],
  },
  {
    key: 'bronze',
    accountName: 'Hill Country Farms',
    tier: 'bronze',
    accountType: 'paid',
    owner: 'bronze',
    lastPaymentStatus: 'paid',
    cities: [
      ['Austin', 30.2672, -97.7431],
      ['San Antonio', 29.4241, -98.4936],
      ['Tyler', 32.3513, -95.3011],
    ],
  },
  {
    key: 'trial',
    accountName: 'Panhandle Paving',
    tier: 'gold',
    accountType: 'trial',
    trialDays: 12,
    owner: 'trial',
    cities: [['Lubbock', 33.5779, -101.8552]],
  },
  {
    key: 'multi-gold',
    accountName: 'West Texas Ranches',
    tier: 'gold',
    accountType: 'paid',
    owner: 'multi',
    lastPaymentStatus: 'paid',
    cities: [
      ['El Paso', 31.7619, -106.485],
      ['Midland', 31.9973, -102.0779],
      ['Amarillo', 35.222, -101.8313],
    ],
  },
  {
    key: 'multi-bronze',
    accountName: 'Border Logistics',
    tier: 'bronze',
    accountType: 'paid',
    owner: 'multi',
    lastPaymentStatus: 'paid',
    cities: [
      ['Laredo', 27.5036, -99.5076],
      ['Brownsville', 25.9017, -97.4975],
    ],
  },
];

/** Ten more accounts with no sign-in, so the administrator's lists have something to show. */
export const EXTRA_ACCOUNTS: readonly DemoAccount[] = [
  ['Brazos Valley Paving', 'gold', 'paid', 'paid'],
  ['Pecos Irrigation Co-op', 'silver', 'paid', 'failed'],
  ['Trinity River Construction', 'bronze', 'paid', 'paid'],
  ['Big Bend Outfitters', 'bronze', 'free', null],
  ['Sabine Pass Terminals', 'gold', 'paid', 'unpaid'],
  ['Llano Estacado Grain', 'silver', 'paid', 'paid'],
  ['Guadalupe Ridge Homes', 'gold', 'trial', null],
  ['Red River Feedlots', 'bronze', 'paid', 'unpaid'],
  ['Nueces Bay Marina', 'silver', 'demo', null],
  ['Colorado River Nurseries', 'bronze', 'trial', null],
].map(([accountName, tier, accountType, lastPaymentStatus], index) => ({
  key: `extra-${index + 1}`,
  accountName: accountName as string,
  tier: (accountType === 'trial' ? 'gold' : tier) as DemoAccount['tier'],
  accountType: accountType as DemoAccount['accountType'],
  trialDays: accountType === 'trial' ? 20 + index : undefined,
  owner: null,
  lastPaymentStatus: (lastPaymentStatus as string | null) ?? undefined,
  cities: [],
}));

export const demoEmail = (local: string) => `${local}@${DEMO_DOMAIN}`;

/** Where a demo account's location is. */
export function demoSite(accountKey: string, name: string) {
  const city = DEMO_ACCOUNTS.find((account) => account.key === accountKey)?.cities.find(
    ([city]) => city === name,
  );
  if (!city) throw new Error(`no demo location ${name} in ${accountKey}`);
  const [, latitude, longitude] = city;
  return { latitude, longitude };
}
