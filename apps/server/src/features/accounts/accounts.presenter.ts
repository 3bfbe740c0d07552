import {
  CLIENT_SETTINGS,
  type Client,
  type ClientAdmin,
  type ClientSettingKey,
  type ClientSettings,
} from '@pluvio/shared/clients';
import { storedThreshold } from '@pluvio/shared/storm-events';
import type { ClientRow } from '../../core/tables/accounts';
import type { UserRow } from '../../core/tables/users';
import type { ClientListRow } from './accounts.repository';

/** The column of each client notification setting. */
const CLIENT_SETTING_COLUMNS = {
  daily_report_on: 'dailyReportOn',
  daily_report_combine_locations: 'dailyReportCombineLocations',
  daily_report_suppress_zero: 'dailyReportSuppressZero',
  only_show_locations_with_non_zero: 'onlyShowLocationsWithNonZero',
  sort_by_rainfall: 'sortByRainfall',
  monthly_report_on: 'monthlyReportOn',
  exceed24h_on: 'exceed24hOn',
  forecast_on: 'forecastOn',
  forecast_combine_locations: 'forecastCombineLocations',
  atlas14_on: 'atlas14On',
  atlas14_24h_on: 'atlas14H24On',
  atlas14_1h_on: 'atlas14H1On',
  atlas14_first_on: 'atlas14FirstOn',
  rapidrain_on: 'rapidrainOn',
  rapidrain_combine_locations: 'rapidrainCombineLocations',
  rapidrain_first_on: 'rapidrainFirstOn',
} as const satisfies Record<ClientSettingKey, keyof ClientRow>;

type SettingColumn = (typeof CLIENT_SETTING_COLUMNS)[ClientSettingKey];

/** The stored settings of an account, by their API names. */
export function settingsOf(row: ClientRow): ClientSettings {
  return Object.fromEntries(
    CLIENT_SETTINGS.map(({ key }) => [key, row[CLIENT_SETTING_COLUMNS[key]]]),
  ) as ClientSettings;
}

/** Setting values by their API names as column values; settings left out stay undefined. */
export function settingColumns(settings: Partial<ClientSettings>): Partial<Record<SettingColumn, boolean>> {
  return Object.fromEntries(CLIENT_SETTINGS.map(({ key }) => [CLIENT_SETTING_COLUMNS[key], settings[key]]));
}

/** A client account as the API returns it. */
export function presentClient(row: ClientListRow): Client {
  return {
    id: row.id,
    account_name: row.accountName,
    email: row.email,
    phone: row.phone,
    status: row.status as Client['status'],
    account_type: row.accountType as Client['account_type'],
    is_trial_account: row.isTrialAccount,
    tier: row.tier as Client['tier'],
    trial_end_date: row.trialEndDate,
    manual_invoice: row.manualInvoice,
    invoice_period: row.invoicePeriod,
    invoice_day: row.invoiceDay,
    invoice_email: row.invoiceEmail,
    last_payment_status: row.lastPaymentStatus,
    auto_add_locations: row.autoAddLocations,
    locations_count: row.locationsCount,
    owner_user_id: row.ownerUserId,
    owner_email: row.ownerEmail,
    stripe_customer_id: row.stripeCustomerId,
    stripe_session_id: row.stripeSessionId,
    subscription_ends_on: row.subscriptionEndsOn,
    created_at: row.createdAt.toISOString(),
    storm_threshold: storedThreshold(row.stormThreshold),
    storm_dry_hours: row.stormDryHours,
    ...settingsOf(row),
  };
}

export function presentClientAdmin(
  user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName'>,
): ClientAdmin {
  return { id: user.id, email: user.email, first_name: user.firstName, last_name: user.lastName };
}
