import { describe, expect, it } from 'vitest';
import {
  accountTypeDefaults,
  CLIENT_MESSAGES,
  CLIENT_SETTINGS,
  type ClientSettingKey,
  clientCreateSchema,
  clientPatchSchema,
  filterClients,
  settingAllowed,
} from './clients';
import { accountLevel, TIER } from './tiers';

const clients = [
  {
    account_name: 'Gold Farms',
    email: 'office@goldfarms.example',
    phone: null,
    tier: 'gold',
    is_trial_account: false,
  },
  { account_name: 'Gold Trial', email: null, phone: '512-555-0100', tier: 'gold', is_trial_account: true },
  {
    account_name: 'Silver Creek',
    email: 'creek@example.com',
    phone: null,
    tier: 'silver',
    is_trial_account: false,
  },
  {
    account_name: 'Bronze Ranch',
    email: null,
    phone: '713-555-0199',
    tier: 'bronze',
    is_trial_account: false,
  },
] as const;

const names = (list: readonly { account_name: string }[]) => list.map((client) => client.account_name);

describe('client filters', () => {
  it('shows every client without filters or search', () => {
    expect(filterClients(clients, [], '  ')).toEqual(clients);
  });

  it('matches tiers without trials, trials by themselves, and several filters together', () => {
    expect(names(filterClients(clients, ['gold'], ''))).toEqual(['Gold Farms']);
    expect(names(filterClients(clients, ['trial'], ''))).toEqual(['Gold Trial']);
    expect(names(filterClients(clients, ['silver', 'bronze'], ''))).toEqual(['Silver Creek', 'Bronze Ranch']);
  });

  it('searches name, e-mail and phone, ignoring case and surrounding spaces', () => {
    expect(names(filterClients(clients, [], ' GOLD '))).toEqual(['Gold Farms', 'Gold Trial']);
    expect(names(filterClients(clients, [], 'creek@'))).toEqual(['Silver Creek']);
    expect(names(filterClients(clients, [], '555-0199'))).toEqual(['Bronze Ranch']);
    expect(names(filterClients(clients, ['trial'], 'farms'))).toEqual([]);
  });
});

describe('account type defaults', () => {
  it.each([
    ['trial', { is_trial_account: true, manual_invoice: true }],
    ['free', { is_trial_account: false, manual_invoice: true }],
    ['paid', { is_trial_account: false, manual_invoice: false }],
    ['demo', { is_trial_account: false, manual_invoice: false }],
  ] as const)('%s', (type, defaults) => {
    expect(accountTypeDefaults(type)).toEqual(defaults);
  });
});

describe('notification settings by level', () => {
  const allowedAt = (tier: (typeof TIER)[keyof typeof TIER]) =>
    CLIENT_SETTINGS.filter(({ key }) => settingAllowed(key, tier)).map(({ key }) => key);
  const daily: ClientSettingKey[] = [
    'daily_report_on',
    'daily_report_combine_locations',
    'daily_report_suppress_zero',
    'only_show_locations_with_non_zero',
    'sort_by_rainfall',
    'monthly_report_on',
    'exceed24h_on',
  ];
  const silverUp: ClientSettingKey[] = [
    'atlas14_on',
    'atlas14_24h_on',
    'atlas14_1h_on',
    'atlas14_first_on',
    'rapidrain_on',
    'rapidrain_combine_locations',
    'rapidrain_first_on',
  ];

  it('lists the client settings of the spec', () => {
    expect(CLIENT_SETTINGS.map(({ key }) => key).sort()).toEqual(
      [...daily, ...silverUp, 'forecast_on', 'forecast_combine_locations'].sort(),
    );
  });

  it('gives bronze no Atlas 14, RapidRain or forecast; silver no forecast; gold and above everything', () => {
    expect(allowedAt(TIER.unknown)).toEqual([]);
    expect(allowedAt(TIER.bronze).sort()).toEqual([...daily].sort());
    expect(allowedAt(TIER.silver).sort()).toEqual([...daily, ...silverUp].sort());
    expect(allowedAt(TIER.gold)).toHaveLength(CLIENT_SETTINGS.length);
    expect(allowedAt(TIER.superuser)).toHaveLength(CLIENT_SETTINGS.length);
  });

  it('puts a trial at gold level whatever its tier', () => {
    expect(accountLevel({ tier: 'bronze', is_trial_account: true })).toBe(TIER.gold);
    expect(accountLevel({ tier: 'silver', is_trial_account: false })).toBe(TIER.silver);
  });
});

describe('client form', () => {
  it('needs an account name, an e-mail address and a phone number', () => {
    const result = clientCreateSchema.safeParse({ account_name: ' ', email: '', phone: undefined });
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['account_name', 'Account name is required'],
      ['email', 'Email is required'],
      ['phone', 'Phone is required'],
    ]);
  });

  it('reads the whole client object the old client sends back, keeping only what may be written', () => {
    const parsed = clientPatchSchema.parse({
      id: 7,
      account_name: 'Farm',
      locations_count: 3,
      invoice_day: 12,
      last_payment_status: 'paid',
      invoice_email: ' ',
      forecast_on: true,
    });
    expect(parsed).toEqual({ account_name: 'Farm', invoice_email: null, forecast_on: true });
  });

  it('tells self-mode users where to go for what they cannot change', () => {
    expect(CLIENT_MESSAGES.contactSupport).toBe('Please contact support to suspend or cancel your account.');
  });
});
