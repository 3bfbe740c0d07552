import type {
  AuditAction,
  AuditChanges,
  AuditEntry,
  AuditPage,
  AuditQuery,
} from '@pluvio/shared/audit.schemas';
import { pageWindow } from '@pluvio/shared/lists';
import type { AppDb } from '../../core/db/client';
import type { Clock } from '../../core/lib/clock';
import { productDayRange } from '../../core/lib/time';
import { type AuditFilter, type AuditRow, createAuditRepository } from './audit.repository';

export interface AuditRecord {
  action: AuditAction;
  actorUserId: number | null;
  asUserId?: number | null;
  subjectUserId?: number | null;
  clientId?: number | null;
  ip?: string | null;
  changes?: AuditChanges | null;
  details?: Record<string, unknown>;
}

export interface AuditOptions {
  clock: Clock;
  /** The zone whose calendar days `start_date` and `end_date` name (D2). */
  timeZone: string;
}

/**
 * The fields whose values differ between `before` and `after`, each with both values; a record
 * that is null (not yet created, deleted) gives null for each of the other's fields.
 */
export function changesBetween(before: object | null, after: object | null): AuditChanges {
  const was = (before ?? {}) as Record<string, unknown>;
  const is = (after ?? {}) as Record<string, unknown>;
  const fields = new Set([...Object.keys(was), ...Object.keys(is)]);
  const changes: AuditChanges = {};
  for (const field of fields) {
    const pair = { before: was[field] ?? null, after: is[field] ?? null };
    if (JSON.stringify(pair.before) !== JSON.stringify(pair.after)) changes[field] = pair;
  }
  return changes;
}

const userRef = (id: number | null, email: string | null, name: string | null) =>
  id === null ? null : { id, email, name: name || null };

function present(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action as AuditAction,
    actor: userRef(row.actorUserId, row.actorEmail, row.actorName),
    as_user: userRef(row.asUserId, row.asUserEmail, row.asUserName),
    subject: userRef(row.subjectUserId, row.subjectEmail, row.subjectName),
    client: row.clientId === null ? null : { id: row.clientId, account_name: row.accountName },
    ip: row.ip,
    changes: row.changes,
    details: row.details,
  };
}

/** The audit trail: features record what happened through `record`; superusers read it (issue 16). */
export function createAuditService(db: AppDb, options: AuditOptions) {
  const repository = createAuditRepository(db);
  return {
    async record(entry: AuditRecord): Promise<void> {
      await repository.insert({
        at: options.clock.now(),
        action: entry.action,
        actorUserId: entry.actorUserId,
        asUserId: entry.asUserId ?? null,
        subjectUserId: entry.subjectUserId ?? null,
        clientId: entry.clientId ?? null,
        ip: entry.ip ?? null,
        changes: entry.changes ?? null,
        details: entry.details ?? {},
      });
    },

    /** A page of the matching entries, newest first. */
    async page(query: AuditQuery): Promise<AuditPage> {
      const filter: AuditFilter = {
        actorUserId: query.actor_id,
        actorEmailContains: query.actor_email,
        clientId: query.client_id,
        action: query.action,
        ...productDayRange(query.start_date, query.end_date, options.timeZone),
      };
      const [rows, total] = await Promise.all([
        repository.page(filter, pageWindow(query)),
        repository.count(filter),
      ]);
      return { items: rows.map(present), total, page: query.page, page_size: query.page_size };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
