import type { AuditAction } from '@pluvio/shared/audit.schemas';
import { and, count, desc, eq, gte, ilike, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDb } from '../../db/client';
import { clients } from '../accounts/accounts.schema';
import { users } from '../users/users.schema';
import { auditLog } from './audit.schema';

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

const actor = alias(users, 'actor');
const asUser = alias(users, 'as_user');
const subject = alias(users, 'subject');

/** `%`, `_` and `\` match themselves in a LIKE pattern once escaped. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function matching(filter: AuditFilter) {
  return and(
    filter.actorUserId === undefined ? undefined : eq(auditLog.actorUserId, filter.actorUserId),
    filter.actorEmailContains === undefined
      ? undefined
      : ilike(actor.email, containsPattern(filter.actorEmailContains)),
    filter.clientId === undefined ? undefined : eq(auditLog.clientId, filter.clientId),
    filter.action && eq(auditLog.action, filter.action),
    filter.from && gte(auditLog.at, filter.from),
    filter.to && lt(auditLog.at, filter.to),
  );
}

/**
 * The audit log read with the e-mail addresses and account names it names: the join of the
 * users and clients tables lives here because the question is the audit log's.
 */
export function createAuditRepository(db: AppDb) {
  const joined = () =>
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        action: auditLog.action,
        actorUserId: auditLog.actorUserId,
        actorEmail: actor.email,
        asUserId: auditLog.asUserId,
        asUserEmail: asUser.email,
        subjectUserId: auditLog.subjectUserId,
        subjectEmail: subject.email,
        clientId: auditLog.clientId,
        accountName: clients.accountName,
        ip: auditLog.ip,
        changes: auditLog.changes,
        details: auditLog.details,
      })
      .from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
      .leftJoin(asUser, eq(asUser.id, auditLog.asUserId))
      .leftJoin(subject, eq(subject.id, auditLog.subjectUserId))
      .leftJoin(clients, eq(clients.id, auditLog.clientId));

  return {
    insert: (values: typeof auditLog.$inferInsert) => db.insert(auditLog).values(values),

    /** One page of the matching entries, newest first. */
    page(filter: AuditFilter, window: { limit: number; offset: number }) {
      return joined()
        .where(matching(filter))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(window.limit)
        .offset(window.offset);
    },

    async count(filter: AuditFilter): Promise<number> {
      const [row] = await db
        .select({ entries: count() })
        .from(auditLog)
        .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
        .where(matching(filter));
      return row?.entries ?? 0;
    },
  };
}

export type AuditRow = Awaited<ReturnType<ReturnType<typeof createAuditRepository>['page']>>[number];
