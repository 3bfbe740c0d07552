import { z } from 'zod';
import { bulkDeleteSchema, bulkDeleteWords } from './bulk-delete';
import {
  blankToNull,
  emailAddressSchema,
  recordStatusSchema,
  requiredTextSchema,
  TEXT_LIMITS,
  textSchema,
} from './inputs';
import { pagingFields } from './lists';

/** Contact rules (spec part 2 §3 "Contact", §5 "Contact form"). */

/** Notification types a contact can receive, each by e-mail and by SMS (`{key}_sms`). */
export const CONTACT_NOTIFICATION_TYPES = [
  { key: 'daily_report_on', label: 'Daily Report' },
  { key: 'exceed24h_on', label: '24 Hour Threshold Exceeded' },
  { key: 'forecast_on', label: 'Forecast' },
  { key: 'atlas14_24h_on', label: 'NOAA Atlas 14 (24 Hour)' },
  { key: 'atlas14_1h_on', label: 'NOAA Atlas 14 (1 Hour)' },
  { key: 'atlas14_first_on', label: 'NOAA Atlas 14 First Exceedance Only' },
] as const;

export type ContactNotificationType = (typeof CONTACT_NOTIFICATION_TYPES)[number]['key'];
export type ContactFlag = ContactNotificationType | `${ContactNotificationType}_sms`;

export const CONTACT_FLAGS: readonly ContactFlag[] = CONTACT_NOTIFICATION_TYPES.flatMap(({ key }) => [
  key,
  `${key}_sms` as const,
]);

/**
 * The monthly report (issue 29 point 3) goes by e-mail only, with its PDF attached: one switch,
 * off for a new contact, who asks for it (the owner gets it unless the account turns it off).
 */
export const CONTACT_MONTHLY_REPORT = { key: 'monthly_report_on', label: 'Monthly Report' } as const;

export const CONTACT_MESSAGES = {
  nameRequired: 'A name is required for this contact',
  emailInvalid: 'Email is required in order to create a login for this contact',
  phoneInvalid: 'Please enter a valid phone number',
  saved: 'Contact updated Successfully',
  deleteConfirm: 'Are you sure you want to delete this contact?',
  superuserCannotAdd: 'Administrators cannot add contacts',
  emailTaken: 'A contact with this e-mail address already exists in this account',
  coOwnerNeedsEmail: 'A co-owner needs an e-mail address to sign in',
  uploaded: 'All contacts uploaded successfully!',
  allContactsAdminsOnly: "Only administrators can see every account's contacts",
  notFound: 'Contact not found',
} as const;

/** Optional country code, optional 3-digit area code, 7-digit number; spaces or hyphens between. */
const CONTACT_FORM_PHONE = /^(\+?\d{1,3}[\s-]?)?(\(?\d{3}\)?[\s-]?)?\d{3}[\s-]?\d{4}$/;

export function isContactFormPhone(phone: string): boolean {
  return CONTACT_FORM_PHONE.test(phone.trim());
}

const flagFields = Object.fromEntries(CONTACT_FLAGS.map((flag) => [flag, z.boolean().optional()])) as Record<
  ContactFlag,
  z.ZodOptional<z.ZodBoolean>
>;

const contactFields = {
  name: requiredTextSchema(CONTACT_MESSAGES.nameRequired),
  /** Optional: a contact may be reached by SMS only; when given it becomes the contact's login. */
  email: z.preprocess(blankToNull, emailAddressSchema().nullable().optional()),
  phone: z.preprocess(
    blankToNull,
    textSchema(TEXT_LIMITS.phone, CONTACT_MESSAGES.phoneInvalid)
      .refine(isContactFormPhone, { message: CONTACT_MESSAGES.phoneInvalid })
      .nullable()
      .optional(),
  ),
  status: recordStatusSchema.optional(),
  /** Co-owner: the contact's user also manages the account (a client admin record). */
  co_owner: z.boolean().optional(),
  email_notification: z.boolean().optional(),
  sms_notification: z.boolean().optional(),
  ...flagFields,
  monthly_report_on: z.boolean().optional(),
};

/** POST /api/contacts: a contact needs an e-mail address or a phone number to be reached. */
export const contactCreateSchema = z
  .object(contactFields)
  .refine((contact) => contact.email || contact.phone, {
    message: CONTACT_MESSAGES.emailInvalid,
    path: ['email'],
  });
export type ContactCreate = z.infer<typeof contactCreateSchema>;

/** PATCH /api/contacts/{id}: any of the fields. */
export const contactPatchSchema = z.object({ ...contactFields, name: contactFields.name.optional() });
export type ContactPatch = z.infer<typeof contactPatchSchema>;

const flagOutputFields = Object.fromEntries(CONTACT_FLAGS.map((flag) => [flag, z.boolean()])) as Record<
  ContactFlag,
  z.ZodBoolean
>;

/** A contact as the API returns it. */
export const contactSchema = z.object({
  id: z.number().int(),
  client_id: z.number().int(),
  user_id: z.number().int().nullable(),
  account_name: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.string(),
  co_owner: z.boolean(),
  email_notification: z.boolean(),
  sms_notification: z.boolean(),
  ...flagOutputFields,
  monthly_report_on: z.boolean(),
  created_at: z.string(),
  /** When the contact's phone replied STOP (no text goes to it until it replies START); read-only. */
  sms_opted_out_at: z.string().nullable().default(null),
});
export type Contact = z.infer<typeof contactSchema>;

/** GET /api/contacts/all/?a=true: every account's contacts, for the admin role. */
export const allContactsQuerySchema = z.object({
  a: textSchema().optional(),
  ...pagingFields(),
});

/** Contacts one request may delete (Settings > Contacts, Delete selected): an import's worth. */
export const CONTACTS_PER_BULK_DELETE = 5_000;

/** Delete selected on Settings > Contacts: its confirmation, limit and outcome in words. */
export const CONTACT_BULK_DELETE = bulkDeleteWords(
  'contact',
  CONTACTS_PER_BULK_DELETE,
  "They stop getting this account's alerts and reports and lose their location assignments. Their logins stay, but no longer open this account (a co-owner among them stops being one).",
);

/** POST /api/contacts/bulk-delete: the ids to delete, all of one account, at once. */
export const contactBulkDeleteSchema = bulkDeleteSchema(CONTACTS_PER_BULK_DELETE, CONTACT_BULK_DELETE);
