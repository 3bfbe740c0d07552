import { z } from 'zod';
import { ACCOUNT_STATUSES, ACCOUNT_TYPES, type AccountType, TRIAL_DAYS } from './accounts';
import { type Feature, levelAllows } from './gates';
import {
  blankToNull,
  emailAddressSchema,
  idParamSchema,
  registrationPhoneSchema,
  requiredTextSchema,
  TEXT_LIMITS,
  textSchema,
} from './inputs';
import { accountStormSettingsSchema } from './storm-events';
import { TIER_NAMES, type TierNumber } from './tiers';

/** Client (account) fields, notification settings and their rules (spec part 2 §3, §4, §6). */

export const CLIENT_MESSAGES = {
  accountNameRequired: 'Account name is required',
  emailRequired: 'Email is required',
  phoneRequired: 'Phone is required',
  settingsUpdated: 'Settings updated Successfully',
  settingsFailed: 'An error occurred while updating settings.',
  loadFailed: 'Failed to load client data.',
  saved: 'Successfully Updated',
  deleteConfirm: 'Are you sure you want to delete this client?',
  deleteFailed: 'An error occurred while deleting the client.',
  deleteOnlyExisting: 'You can only delete an existing client.',
  contactSupport: 'Please contact support to suspend or cancel your account.',
  subscriptionViaUpgrade: 'Change your subscription from the Upgrade page.',
  accountTypeViaSupport: 'Please contact support to change the account type or invoicing.',
  clientManagementOnly: 'Client management is for administrators only',
  coOwnerMustBeContact: 'A co-owner must be a contact of this account with a login',
  settingsPerAccount:
    'Notification settings belong to each account. Act as the account owner from Client Management to change them.',
  associatedAdded: 'Associated account added. Switch to it from the Accounts list.',
  associatedStartsAsTrial: `A new account starts as a ${TRIAL_DAYS}-day trial at Gold level with one location.`,
} as const;

export type SettingGroup = 'daily' | 'monthly' | 'exceed' | 'forecast' | 'atlas14' | 'rapidrain';

export interface ClientSettingInfo {
  key: string;
  label: string;
  group: SettingGroup;
}

/** Client-wide notification settings in display order; each group's feature gate says who may turn it on. */
export const CLIENT_SETTINGS = [
  { key: 'daily_report_on', label: 'Daily Report', group: 'daily' },
  { key: 'daily_report_combine_locations', label: 'Combine Locations', group: 'daily' },
  {
    key: 'daily_report_suppress_zero',
    label: 'Suppress When All Zero',
    group: 'daily',
  },
  {
    key: 'only_show_locations_with_non_zero',
    label: 'Only Show Locations With Rain',
    group: 'daily',
  },
  { key: 'sort_by_rainfall', label: 'Sort By Rainfall', group: 'daily' },
  { key: 'monthly_report_on', label: 'Monthly Report', group: 'monthly' },
  { key: 'exceed24h_on', label: '24 Hour Threshold Exceeded', group: 'exceed' },
  { key: 'forecast_on', label: 'Forecast Notices', group: 'forecast' },
  { key: 'forecast_combine_locations', label: 'Combine Locations', group: 'forecast' },
  { key: 'atlas14_on', label: 'NOAA Atlas 14 Notices', group: 'atlas14' },
  { key: 'atlas14_24h_on', label: '24 Hour Exceedance', group: 'atlas14' },
  { key: 'atlas14_1h_on', label: '1 Hour Exceedance', group: 'atlas14' },
  { key: 'atlas14_first_on', label: 'First Exceedance Only', group: 'atlas14' },
  { key: 'rapidrain_on', label: 'RapidRain Notices', group: 'rapidrain' },
  {
    key: 'rapidrain_combine_locations',
    label: 'Combine Locations',
    group: 'rapidrain',
  },
  { key: 'rapidrain_first_on', label: 'First Exceedance Only', group: 'rapidrain' },
] as const satisfies readonly ClientSettingInfo[];

export type ClientSettingKey = (typeof CLIENT_SETTINGS)[number]['key'];
export type ClientSettings = Record<ClientSettingKey, boolean>;

export const SETTING_GROUP_TITLES: Record<SettingGroup, string> = {
  daily: 'Daily Report',
  monthly: 'Monthly Report',
  exceed: 'Threshold Notifications',
  forecast: 'Forecast',
  atlas14: 'NOAA Atlas 14',
  rapidrain: 'RapidRain',
};

const SETTING_GROUP_FEATURES: Record<SettingGroup, Feature> = {
  daily: 'dailyReportNotices',
  monthly: 'dailyReportNotices',
  exceed: 'thresholdNotices',
  forecast: 'forecastNotices',
  atlas14: 'atlas14Notices',
  rapidrain: 'rapidrainNotices',
};

export function settingAllowed(key: ClientSettingKey, tier: TierNumber): boolean {
  const setting = CLIENT_SETTINGS.find((candidate) => candidate.key === key);
  return setting !== undefined && levelAllows(tier, SETTING_GROUP_FEATURES[setting.group]);
}

/** Account type selection in the admin view (spec part 2 §4). */
export function accountTypeDefaults(type: AccountType): {
  is_trial_account: boolean;
  manual_invoice: boolean;
} {
  switch (type) {
    case 'trial':
      return { is_trial_account: true, manual_invoice: true };
    case 'free':
      return { is_trial_account: false, manual_invoice: true };
    default:
      return { is_trial_account: false, manual_invoice: false };
  }
}

const settingOutputFields = Object.fromEntries(
  CLIENT_SETTINGS.map(({ key }) => [key, z.boolean()]),
) as Record<ClientSettingKey, z.ZodBoolean>;
const settingInputFields = Object.fromEntries(
  CLIENT_SETTINGS.map(({ key }) => [key, z.boolean().optional()]),
) as Record<ClientSettingKey, z.ZodOptional<z.ZodBoolean>>;

/** A client account as the API returns it. */
export const clientSchema = z.object({
  id: z.number().int(),
  account_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.enum(ACCOUNT_STATUSES),
  account_type: z.enum(ACCOUNT_TYPES),
  is_trial_account: z.boolean(),
  tier: z.enum(TIER_NAMES),
  trial_end_date: z.string().nullable(),
  manual_invoice: z.boolean(),
  invoice_period: z.string().nullable(),
  /** Shown as Renewal Day, read-only. */
  invoice_day: z.number().int().nullable(),
  invoice_email: z.string().nullable(),
  last_payment_status: z.string().nullable(),
  auto_add_locations: z.boolean(),
  locations_count: z.number().int(),
  owner_user_id: z.number().int().nullable(),
  /** The owner's sign-in address (superusers act as the owner through it). */
  owner_email: z.string().nullable(),
  stripe_customer_id: z.string().nullable(),
  stripe_session_id: z.string().nullable(),
  /** The owner cancelled: the last day paid for; null while the subscription renews (issue 26). */
  subscription_ends_on: z.string().nullable(),
  created_at: z.string(),
  /** The permit threshold (inches in 24 hours) a new location takes when none is given (issue 28). */
  storm_threshold: z.number(),
  /** Dry hours that end a storm event at the account's locations (issue 28). */
  storm_dry_hours: z.number(),
  ...settingOutputFields,
});
export type Client = z.infer<typeof clientSchema>;

const clientFields = {
  account_name: requiredTextSchema(CLIENT_MESSAGES.accountNameRequired),
  email: requiredTextSchema(CLIENT_MESSAGES.emailRequired, TEXT_LIMITS.email).pipe(emailAddressSchema()),
  phone: registrationPhoneSchema(CLIENT_MESSAGES.phoneRequired),
  status: z.enum(ACCOUNT_STATUSES).optional(),
  tier: z.enum(TIER_NAMES).optional(),
  account_type: z.enum(ACCOUNT_TYPES).optional(),
  is_trial_account: z.boolean().optional(),
  manual_invoice: z.boolean().optional(),
  invoice_period: z.preprocess(blankToNull, textSchema().nullable().optional()),
  invoice_email: z.preprocess(blankToNull, emailAddressSchema().nullable().optional()),
  auto_add_locations: z.boolean().optional(),
};

/** POST /api/clients/ (tier 4): tier defaults to bronze. */
export const clientCreateSchema = z.object(clientFields);
export type ClientCreate = z.infer<typeof clientCreateSchema>;

/**
 * PATCH /api/clients/{id}: client fields and notification settings. Extra fields the old
 * client sends (id, counts, read-only values) are ignored.
 */
export const clientPatchSchema = z.object({
  account_name: clientFields.account_name.optional(),
  email: clientFields.email.optional(),
  phone: clientFields.phone.optional(),
  status: clientFields.status,
  tier: clientFields.tier,
  account_type: clientFields.account_type,
  is_trial_account: clientFields.is_trial_account,
  manual_invoice: clientFields.manual_invoice,
  invoice_period: clientFields.invoice_period,
  invoice_email: clientFields.invoice_email,
  auto_add_locations: clientFields.auto_add_locations,
  ...accountStormSettingsSchema.shape,
  ...settingInputFields,
});
export type ClientPatch = z.infer<typeof clientPatchSchema>;

/** POST /api/clients/{id}/new: the source client with a new account name. */
export const associatedClientSchema = z.object({ account_name: clientFields.account_name });

/** GET /api/clients/{id}/admins: the co-owners' users. */
export const clientAdminSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type ClientAdmin = z.infer<typeof clientAdminSchema>;

export const clientAdminQuerySchema = z.object({
  client_id: idParamSchema.optional(),
  user_id: idParamSchema,
});

/** The settings-admin filters arriving from the system-health cards (spec part 1 §2). */
export const CLIENT_FILTERS = ['gold', 'silver', 'bronze', 'trial'] as const;
export type ClientFilter = (typeof CLIENT_FILTERS)[number];

/** Tier and trial checkboxes plus text search on name, e-mail or phone (spec part 2 §2 "Clients"). */
export function filterClients<
  T extends Pick<Client, 'account_name' | 'email' | 'phone' | 'tier' | 'is_trial_account'>,
>(clients: readonly T[], filters: readonly ClientFilter[], search: string): T[] {
  const needle = search.trim().toLowerCase();
  return clients.filter((client) => {
    if (filters.length > 0) {
      const matches = filters.some((filter) =>
        filter === 'trial' ? client.is_trial_account : client.tier === filter && !client.is_trial_account,
      );
      if (!matches) return false;
    }
    if (!needle) return true;
    return [client.account_name, client.email, client.phone].some((value) =>
      value?.toLowerCase().includes(needle),
    );
  });
}
