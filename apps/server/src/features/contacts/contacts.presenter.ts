import { CONTACT_FLAGS, type Contact } from '@pluvio/shared/contacts';
import type { ContactRow } from '../../core/tables/contacts';

export const CONTACT_FLAG_COLUMNS = {
  daily_report_on: 'dailyReportOn',
  daily_report_on_sms: 'dailyReportOnSms',
  exceed24h_on: 'exceed24hOn',
  exceed24h_on_sms: 'exceed24hOnSms',
  forecast_on: 'forecastOn',
  forecast_on_sms: 'forecastOnSms',
  atlas14_24h_on: 'atlas14H24On',
  atlas14_24h_on_sms: 'atlas14H24OnSms',
  atlas14_1h_on: 'atlas14H1On',
  atlas14_1h_on_sms: 'atlas14H1OnSms',
  atlas14_first_on: 'atlas14FirstOn',
  atlas14_first_on_sms: 'atlas14FirstOnSms',
} as const satisfies Record<(typeof CONTACT_FLAGS)[number], keyof ContactRow>;

/**
 * A contact row read with its account's name, whether its user holds a client admin record, and
 * when its phone replied STOP.
 */
export interface ListedContact extends ContactRow {
  accountName: string;
  coOwner: boolean;
  smsOptedOutAt: Date | null;
}

/**
 * A contact as the API returns it. `coOwnerUserIds` are the account's client admin users:
 * a contact whose user is one of them is a co-owner.
 */
export function presentContact(
  row: ContactRow,
  accountName: string,
  coOwnerUserIds: ReadonlySet<number>,
  smsOptedOutAt: Date | null,
): Contact {
  const coOwner = row.userId !== null && coOwnerUserIds.has(row.userId);
  return presentListedContact({ ...row, accountName, coOwner, smsOptedOutAt });
}

export function presentListedContact(row: ListedContact): Contact {
  const flags = Object.fromEntries(
    CONTACT_FLAGS.map((flag) => [flag, row[CONTACT_FLAG_COLUMNS[flag]]]),
  ) as Record<(typeof CONTACT_FLAGS)[number], boolean>;
  return {
    id: row.id,
    client_id: row.clientId,
    user_id: row.userId,
    account_name: row.accountName,
    name: row.name,
    email: row.email,
    phone: row.phone,
    status: row.status,
    co_owner: row.coOwner,
    email_notification: row.emailNotification,
    sms_notification: row.smsNotification,
    ...flags,
    monthly_report_on: row.monthlyReportOn,
    created_at: row.createdAt.toISOString(),
    sms_opted_out_at: row.smsOptedOutAt?.toISOString() ?? null,
  };
}
