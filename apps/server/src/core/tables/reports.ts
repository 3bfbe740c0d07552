import type { ReportFormat, ReportTaskStatus, ReportType } from '@pluvio/shared/reports';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea } from '../db/bytea';
import { clients } from './accounts';
import { cascadeRef, createdAt, identityId, timestamptz } from './columns';
import { users } from './users';

/** What a task needs to make its report again in a worker: the checked request (D18). */
export interface ReportTaskParams {
  from: string | null;
  to: string | null;
  locationIds: number[];
  smsStatus: string;
  sort: { field: string; direction: 'asc' | 'desc' };
  /** The delivery reports' page of rows, when the request asked for one. */
  page?: { size: number; number: number };
  /** Recipients, deduplicated. */
  emailList: string[];
}

/**
 * One report job (D18): queued by the API, claimed by a worker under a lease, rendered, and
 * finished in one transaction with its file, its e-mails and its charge. `attempts` tells one
 * claim from the next, so a worker whose claim was taken over commits nothing.
 */
export const reportTasks = pgTable(
  'report_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The account reported on; null for the installation's reports (superusers). */
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    requestedBy: cascadeRef('requested_by', () => users.id),
    type: text('type').$type<ReportType>().notNull(),
    format: text('format').$type<ReportFormat>().notNull(),
    params: jsonb('params').$type<ReportTaskParams>().notNull(),
    status: text('status').$type<ReportTaskStatus>().notNull().default('queued'),
    progress: smallint('progress').notNull().default(0),
    stage: text('stage'),
    error: text('error'),
    messageIds: integer('message_ids').array().notNull().default(sql`'{}'::int[]`),
    /** The historical fee confirmed at submission, in cents; charged when the report is done. */
    feeCents: integer('fee_cents'),
    fileName: text('file_name'),
    fileContentType: text('file_content_type'),
    fileContent: bytea('file_content'),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: timestamptz('lease_until'),
    createdAt: createdAt(),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
  },
  (table) => [
    index('report_tasks_open_idx').on(table.createdAt).where(sql`status in ('queued', 'running')`),
    // The hourly quotas count an account's tasks of the last hour.
    index('report_tasks_client_created_idx').on(table.clientId, table.createdAt),
    check('report_tasks_progress_range', sql`${table.progress} between 0 and 100`),
  ],
);

export type ReportTaskRow = typeof reportTasks.$inferSelect;

export const CHARGE_KINDS = ['historical_report'] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];

/**
 * The account's billing record of extra charges (D20: the historical report fee). One charge a
 * task at most: `task_id` is unique, and the charge commits with the task's completion.
 */
export const accountCharges = pgTable(
  'account_charges',
  {
    id: identityId(),
    clientId: cascadeRef('client_id', () => clients.id),
    kind: text('kind').$type<ChargeKind>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** Names the report and its period: 'Historical report (Monthly), 2023-01-01 to 2023-01-31, 3 locations'. */
    description: text('description').notNull(),
    taskId: uuid('task_id')
      .unique()
      .references(() => reportTasks.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('account_charges_client_idx').on(table.clientId, table.createdAt)],
);

/**
 * Addresses outside the account that its reports may be e-mailed to (issue 24): an owner or
 * co-owner adds one, a link is e-mailed to it, and only once the link is followed
 * (`confirmed_at`) do report requests accept it. `email` is lower-case; the link's token is kept
 * only as its hash, and cleared once used.
 */
export const reportRecipients = pgTable(
  'report_recipients',
  {
    id: identityId(),
    clientId: cascadeRef('client_id', () => clients.id),
    email: text('email').notNull(),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash'),
    tokenExpiresAt: timestamptz('token_expires_at'),
    confirmedAt: timestamptz('confirmed_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('report_recipients_client_email_idx').on(table.clientId, table.email),
    uniqueIndex('report_recipients_token_idx').on(table.tokenHash),
  ],
);

export type ReportRecipientRow = typeof reportRecipients.$inferSelect;
