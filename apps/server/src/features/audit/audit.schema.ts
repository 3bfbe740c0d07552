import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Who did what to whom: masquerades, sign-ins, password changes. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    subjectUserId: integer('subject_user_id'),
    action: text('action').notNull(),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [index('audit_log_at_idx').on(table.at), index('audit_log_subject_idx').on(table.subjectUserId)],
);
