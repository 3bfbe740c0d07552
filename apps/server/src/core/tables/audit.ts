import type { AuditChanges } from '@pluvio/shared/audit.schemas';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { identityId, timestamptz } from './columns';

/**
 * Who did what, as whom, to which user or account, from where, and what changed. The users'
 * e-mail addresses and names are copied into the row when it is written (issue 25), so the trail
 * shows them as they were, whatever the users change later.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: identityId(),
    at: timestamptz('at').notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    actorEmail: text('actor_email'),
    actorName: text('actor_name'),
    /** The user the actor was acting as, while masquerading (D11). */
    asUserId: integer('as_user_id'),
    asUserEmail: text('as_user_email'),
    asUserName: text('as_user_name'),
    subjectUserId: integer('subject_user_id'),
    subjectEmail: text('subject_email'),
    subjectName: text('subject_name'),
    clientId: integer('client_id'),
    action: text('action').notNull(),
    ip: text('ip'),
    changes: jsonb('changes').$type<AuditChanges>(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_subject_idx').on(table.subjectUserId),
    index('audit_log_actor_idx').on(table.actorUserId),
    index('audit_log_client_idx').on(table.clientId),
  ],
);
