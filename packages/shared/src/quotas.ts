import { z } from 'zod';
import { emailAddressSchema, idParamSchema, TEXT_LIMITS } from './inputs';
import { countLabel, plural } from './words';

/**
 * What one account may multiply (issue 24): locations, contacts, rows of one import, e-mailed
 * report tasks and their e-mails an hour, and who reports may be e-mailed to. The numbers are
 * settings of the server (README "Configuration"); these are their defaults and the texts both
 * the server and the web app show. A refusal always means nothing was created or queued.
 */

export const QUOTA_DEFAULTS = {
  locationsPerAccount: 10_000,
  contactsPerAccount: 5_000,
  rowsPerImport: 5_000,
  reportTasksPerAccountPerHour: 60,
  reportEmailsPerAccountPerHour: 500,
  contactEmailsPerAccountPerDay: 5_000,
} as const;

/** Extra report recipients (confirmed or waiting) one account may hold. */
export const MAX_REPORT_RECIPIENTS_PER_ACCOUNT = 100;
/** Confirmation e-mails one account may send an hour (each goes to an address nobody vouched for yet). */
export const RECIPIENT_CONFIRMATIONS_PER_HOUR = 10;
/** How long a confirmation link works. */
export const RECIPIENT_CONFIRMATION_DAYS = 7;

/** 'This account has reached its limit of 20 API keys. Revoke a key before creating another. Nothing was created.' */
export function accountLimitReached(max: number, noun: string, remedy: string, outcome = 'added'): string {
  return `This account has reached its limit of ${plural(max, noun)}. ${remedy} Nothing was ${outcome}.`;
}

/** An import that would take the account past its limit of `noun`s. */
function importOverLimit(noun: string) {
  return (existing: number, adding: number, max: number) =>
    `This import would add ${plural(adding, noun)} to the ${countLabel(existing)} of this account, over its limit of ${countLabel(max)}. Nothing was imported.`;
}

export const QUOTA_MESSAGES = {
  tooManyRows: (rows: number, max: number) =>
    `This file has ${plural(rows, 'row')}; one import takes at most ${countLabel(max)}. Split it into smaller files. Nothing was imported.`,
  locationLimit: (max: number) =>
    accountLimitReached(max, 'location', 'Remove a location before adding another.'),
  locationImportLimit: importOverLimit('location'),
  contactLimit: (max: number) =>
    accountLimitReached(max, 'contact', 'Remove a contact before adding another.'),
  contactImportLimit: importOverLimit('contact'),
  reportTasksPerHour: (max: number) =>
    `This account has asked for ${plural(max, 'e-mailed report')} in the last hour, the most allowed. Please try again later. Nothing was queued.`,
  reportEmailsPerHour: (recipients: number, left: number, max: number) =>
    `This report would go to ${plural(recipients, 'recipient')}, but this account may send only ${plural(left, 'more report e-mail')} this hour (at most ${countLabel(max)} an hour). Choose fewer recipients or try again later. Nothing was queued.`,
  contactEmailsPerDay: (adding: number, left: number, max: number) =>
    `Adding ${plural(adding, 'contact')} with an e-mail address would e-mail each an invitation or a notice, but this account may send only ${plural(left, 'more')} today (at most ${countLabel(max)} a day). Try again tomorrow or add fewer contacts. Nothing was added.`,
  recipientNotAllowed: (address: string) =>
    `Reports cannot be e-mailed to ${address}: it is not your own address, one of the account's contacts or a report recipient the account's owner has confirmed. Nothing was queued.`,
  recipientExists: (address: string) => `${address} is already a report recipient of this account.`,
  recipientsFull: `An account can have at most ${MAX_REPORT_RECIPIENTS_PER_ACCOUNT} extra report recipients. Remove one before adding another.`,
  confirmationsPerHour: `At most ${RECIPIENT_CONFIRMATIONS_PER_HOUR} confirmation e-mails an hour can be sent for one account. Please try again later.`,
  recipientNotFound: 'Report recipient not found',
  confirmationBadToken:
    'This confirmation link is invalid or has expired. Ask the account owner to add the address again.',
  recipientConfirmed: (address: string, accountName: string) =>
    `${address} now receives the reports of ${accountName} that its users send to it.`,
} as const;

/** An extra report recipient of an account, as the API answers it. */
export const reportRecipientSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  /** When the address's owner followed the confirmation link; null while it waits. */
  confirmed_at: z.string().nullable(),
  created_at: z.string(),
});
export type ReportRecipient = z.infer<typeof reportRecipientSchema>;

export const reportRecipientCreateSchema = z.object({ email: emailAddressSchema() });
export type ReportRecipientCreate = z.infer<typeof reportRecipientCreateSchema>;

export const reportRecipientParamsSchema = z.object({ id: idParamSchema, recipientId: idParamSchema });

export const recipientConfirmSchema = z.object({
  token: z.string().min(1).max(TEXT_LIMITS.token),
});

export const recipientConfirmedSchema = z.object({ detail: z.string() });
