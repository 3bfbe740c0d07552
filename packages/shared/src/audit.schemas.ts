import { z } from 'zod';
import { calendarDateSchema, DATES_IN_ORDER, datesInOrder, RAINFALL_DATA_START } from './calendar';
import { idParamSchema, TEXT_LIMITS, textSchema } from './inputs';
import { pageSchema, pagingFields } from './lists';

/** What the audit log records (issue 16 point 5). */
export const AUDIT_ACTIONS = [
  'login',
  'register',
  'sign_in_refused',
  'password_reset',
  'refresh_token_reuse',
  'masquerade_start',
  'masquerade_end',
  'client_created',
  'client_changed',
  'client_status_changed',
  'client_tier_changed',
  'client_deleted',
  'email_change_requested',
  'email_change_cancelled',
  'email_change_confirmed',
  'contacts_deleted',
  'inspection_recorded',
  'inspection_changed',
  'sms_opted_out',
  'sms_opted_in',
  'api_key_created',
  'api_key_revoked',
  'webhook_created',
  'webhook_deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Each action as the audit trail page names it. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  login: 'Signed in',
  register: 'Registered',
  sign_in_refused: 'Sign-in refused (too many failures)',
  password_reset: 'Password reset',
  refresh_token_reuse: 'Stolen session detected (refresh token reused)',
  masquerade_start: 'Switch user: started',
  masquerade_end: 'Switch user: returned to admin',
  client_created: 'Account created',
  client_changed: 'Account changed',
  client_status_changed: 'Account status changed',
  client_tier_changed: 'Account tier changed',
  client_deleted: 'Account deleted',
  email_change_requested: 'Sign-in e-mail change requested',
  email_change_cancelled: 'Sign-in e-mail change cancelled',
  email_change_confirmed: 'Sign-in e-mail changed',
  contacts_deleted: 'Contacts deleted',
  inspection_recorded: 'Storm inspection recorded',
  inspection_changed: 'Storm inspection changed',
  sms_opted_out: 'Texts turned off (phone replied STOP)',
  sms_opted_in: 'Texts turned back on (phone replied START)',
  api_key_created: 'API key created',
  api_key_revoked: 'API key revoked',
  webhook_created: 'Webhook endpoint added',
  webhook_deleted: 'Webhook endpoint deleted',
};

/**
 * Who wrote an entry when nobody was signed in (the entry's actor is null), in words: a refused
 * sign-in comes from someone unknown; a reused refresh token is caught by Pluvio's session check;
 * an account change without a user comes from the payment provider's event (billing's
 * `BY_PROVIDER`); a texts switch from the phone's reply (STOP, START); anything else from one of Pluvio's own jobs.
 */
export function systemActorLabel(action: AuditAction): string {
  if (action === 'sign_in_refused') return 'Someone not signed in';
  if (action === 'refresh_token_reuse') return 'Pluvio (automatic session check)';
  if (action.startsWith('client_')) return 'Payment provider (automatic)';
  if (action.startsWith('sms_')) return 'The phone’s owner (text reply)';
  return 'Pluvio (automatic job)';
}

export const AUDIT_MESSAGES = {
  action: `Action must be one of: ${AUDIT_ACTIONS.join(', ')}`,
};

/** Each changed field's value before and after (null where there was none: created, deleted). */
export const auditChangesSchema = z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() }));
export type AuditChanges = z.infer<typeof auditChangesSchema>;

const auditDateSchema = calendarDateSchema(RAINFALL_DATA_START);

/**
 * GET /api/admin/audit: the actor by user id or by part of their e-mail address (any case),
 * `client_id` the account the entry is about; dates are days of the product time zone, both included.
 */
export const auditQuerySchema = z
  .object({
    ...pagingFields(50),
    actor_id: idParamSchema.optional(),
    actor_email: textSchema(TEXT_LIMITS.email).min(1).optional(),
    client_id: idParamSchema.optional(),
    action: z.enum(AUDIT_ACTIONS, { error: AUDIT_MESSAGES.action }).optional(),
    start_date: auditDateSchema.optional(),
    end_date: auditDateSchema.optional(),
  })
  .refine(datesInOrder, DATES_IN_ORDER);
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/**
 * A user an entry names, with the e-mail address and name the user had when the entry was
 * written (issue 25): a later change of address does not rewrite the trail. Null when unknown
 * (a user deleted before the entry was written); `name` is null when the user had none.
 */
const auditUserSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  name: z.string().nullable().default(null),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** Who did it: the superuser while masquerading; null when nobody was signed in. */
  actor: auditUserSchema.nullable(),
  /** The user the actor was acting as, while masquerading. */
  as_user: auditUserSchema.nullable(),
  /** The user the action was about (signed in, reset, masqueraded as). */
  subject: auditUserSchema.nullable(),
  /** The account the action was about; `account_name` is null once the account is deleted. */
  client: z.object({ id: z.number().int(), account_name: z.string().nullable() }).nullable(),
  /** The client address the request came from. */
  ip: z.string().nullable(),
  changes: auditChangesSchema.nullable(),
  /** What else the entry records (a refused sign-in: which failure limits it reached). */
  details: z.record(z.string(), z.unknown()).default({}),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = pageSchema(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;
