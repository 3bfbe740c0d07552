import type { AuditAction } from '@pluvio/shared/audit.schemas';
import { and, count, desc, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import type { AppDb } from '../../core/db/client';
import { containsPattern } from '../../core/db/like-pattern';
import { clients } from '../../core/tables/accounts';
import { auditLog } from '../../core/tables/audit';
import { users } from '../../core/tables/users';

/** Which entries a read covers; every field narrows it when given. */
export interface AuditFilter {
  actorUserId?: number;
  /** Part of the actor's e-mail address, any case. */
  actorEmailContains?: string;
  clientId?: number;
  action?: AuditAction;
  from?: Date;
  to?: Date;
}

/** The user's address and name as they are now, read by the insert that writes the entry. */
function addressOf(userId: number | null | undefined): SQL | null {
  return userId == null ? null : sql`(select ${users.email} from ${users} where ${users.id} = ${userId})`;
}
function nameOf(userId: number | null | undefined): SQL | null {
  return userId == null
    ? null
    : sql`(select trim(${users.firstName} || ' ' || ${users.lastName}) from ${users} where ${users.id} = ${userId})`;
}

export type NewAuditEntry = Omit<
  typeof auditLog.$inferInsert,
  'actorEmail' | 'actorName' | 'asUserEmail' | 'asUserName' | 'subjectEmail' | 'subjectName'
>;

function matching(filter: AuditFilter) {
  return and(
    filter.actorUserId === undefined ? undefined : eq(auditLog.actorUserId, filter.actorUserId),
    filter.actorEmailContains === undefined
      ? undefined
      : ilike(auditLog.actorEmail, containsPattern(filter.actorEmailContains)),
    filter.clientId === undefined ? undefined : eq(auditLog.clientId, filter.clientId),
    filter.action && eq(auditLog.action, filter.action),
    filter.from && gte(auditLog.at, filter.from),
    filter.to && lt(auditLog.at, filter.to),
  );
}

/**
 * The audit log. The users an entry names are copied in as it is written (a read of the users
 * table inside the insert: the question is the audit log's); account names are still read from
 * the clients table when the trail is viewed.
 */
export function createAuditRepository(db: AppDb) {
  const joined = () =>
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        action: auditLog.action,
        actorUserId: auditLog.actorUserId,
        actorEmail: auditLog.actorEmail,
        actorName: auditLog.actorName,
        asUserId: auditLog.asUserId,
        asUserEmail: auditLog.asUserEmail,
        asUserName: auditLog.asUserName,
        subjectUserId: auditLog.subjectUserId,
        subjectEmail: auditLog.subjectEmail,
        subjectName: auditLog.subjectName,
        clientId: auditLog.clientId,
        accountName: clients.accountName,
        ip: auditLog.ip,
        changes: auditLog.changes,
        details: auditLog.details,
      })
      .from(auditLog)
      .leftJoin(clients, eq(clients.id, auditLog.clientId));

  return {
    /** One statement: the entry with its users' addresses and names as they are at this moment. */
    insert: (values: NewAuditEntry) =>
      db.insert(auditLog).values({
        ...values,
        actorEmail: addressOf(values.actorUserId),
        actorName: nameOf(values.actorUserId),
        asUserEmail: addressOf(values.asUserId),
        asUserName: nameOf(values.asUserId),
        subjectEmail: addressOf(values.subjectUserId),
        subjectName: nameOf(values.subjectUserId),
      }),

    /** One page of the matching entries, newest first. */
    page(filter: AuditFilter, window: { limit: number; offset: number }) {
      return joined()
        .where(matching(filter))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(window.limit)
        .offset(window.offset);
    },

    async count(filter: AuditFilter): Promise<number> {
      const [row] = await db.select({ entries: count() }).from(auditLog).where(matching(filter));
      return row?.entries ?? 0;
    },
  };
}

export type AuditRow = Awaited<ReturnType<ReturnType<typeof createAuditRepository>['page']>>[number];
