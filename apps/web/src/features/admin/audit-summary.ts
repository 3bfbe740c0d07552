import { type AuditEntry, systemActorLabel } from '@pluvio/shared/audit.schemas';

type UserRef = AuditEntry['actor'];

/**
 * A user an entry names, as they were when it was written: the name and e-mail address, or the id
 * when the user was already gone.
 */
export function userName(user: UserRef): string {
  if (!user) return '';
  if (!user.email) return `deleted user #${user.id}`;
  return user.name ? `${user.name} <${user.email}>` : user.email;
}

/** Who did it: the user, or in words what did it when nobody was signed in. */
export function actorName(entry: AuditEntry): string {
  return userName(entry.actor) || systemActorLabel(entry.action);
}

/** A field name for people: 'account_name' reads 'Account name'. */
function fieldLabel(field: string): string {
  const words = field.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueLabel(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (Array.isArray(value)) return value.map(valueLabel).join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The fields of an account that say what it is, shown when it is created or deleted. */
const ACCOUNT_KEY_FIELDS = ['tier', 'account_type', 'status', 'email', 'trial_end_date'];

/** How many lines an entry shows before 'Show all'. */
const SHOWN_LINES = 4;

/** What an entry says: a headline when it has one, a few lines, and every line behind 'Show all'. */
export interface AuditSummary {
  headline: string | null;
  lines: string[];
  allLines: string[];
}

function subjectLines(entry: AuditEntry): string[] {
  const { subject, actor, as_user: asUser } = entry;
  return subject && subject.id !== actor?.id && subject.id !== asUser?.id
    ? [`User: ${userName(subject)}`]
    : [];
}

/** An account made or removed: every field is new or gone, so the entry lists its values, not arrows. */
function accountSnapshot(entry: AuditEntry, side: 'before' | 'after', verb: string): AuditSummary {
  const values = Object.fromEntries(
    Object.entries(entry.changes ?? {}).map(([field, change]) => [field, change[side]]),
  );
  const line = (field: string) => `${fieldLabel(field)}: ${valueLabel(values[field])}`;
  const name = values.account_name ?? entry.client?.account_name;
  return {
    headline: name ? `${verb} the account “${valueLabel(name)}”` : `${verb} an account`,
    lines: ACCOUNT_KEY_FIELDS.filter((field) => field in values).map(line),
    allLines: Object.keys(values).map(line),
  };
}

/**
 * What an entry changed and records, in words: an account's creation or deletion as its name and a
 * few key fields (all ~35 behind 'Show all'); other entries as 'Tier: bronze → silver' lines.
 */
export function summarise(entry: AuditEntry): AuditSummary {
  if (entry.action === 'client_created') return accountSnapshot(entry, 'after', 'Created');
  if (entry.action === 'client_deleted') return accountSnapshot(entry, 'before', 'Deleted');
  const changed = Object.entries(entry.changes ?? {}).map(
    ([field, { before, after }]) => `${fieldLabel(field)}: ${valueLabel(before)} → ${valueLabel(after)}`,
  );
  const details = Object.entries(entry.details).map(
    ([field, value]) => `${fieldLabel(field)}: ${valueLabel(value)}`,
  );
  const allLines = [...subjectLines(entry), ...changed, ...details];
  return { headline: null, lines: allLines.slice(0, SHOWN_LINES), allLines };
}
