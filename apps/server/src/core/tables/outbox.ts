import type { OutboxChannel, OutboxStatus } from '@pluvio/shared/outbox.schemas';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea } from '../db/bytea';
import { createdAt, identityId, timestamptz } from './columns';

/**
 * A file sent with e-mails, stored once for all the messages that carry it (a report e-mailed to
 * ten people is one row here and ten outbox rows pointing at it).
 */
export const outboxAttachments = pgTable('outbox_attachments', {
  id: identityId(),
  filename: text('filename').notNull(),
  contentType: text('content_type').notNull(),
  content: bytea('content').notNull(),
  createdAt: createdAt(),
});

/**
 * Every outgoing e-mail and SMS is a row here first (D16). A worker claims due rows and sends
 * them; `idempotencyKey` is handed to the provider so a retry after a crash is not a second send.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: identityId(),
    channel: text('channel').$type<OutboxChannel>().notNull(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    status: text('status').$type<OutboxStatus>().notNull().default('queued'),
    /** When the message reached its status: queued (or held), sent, delivered or failed. */
    statusAt: timestamptz('status_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lockedUntil: timestamptz('locked_until'),
    lastError: text('last_error'),
    idempotencyKey: text('idempotency_key').notNull(),
    providerMessageId: text('provider_message_id'),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
    attachmentId: integer('attachment_id').references(() => outboxAttachments.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('outbox_due_idx').on(table.status, table.nextAttemptAt),
    index('outbox_created_idx').on(table.createdAt),
    // Delivery reports (SMS status callbacks) find their message by the provider's id.
    index('outbox_provider_message_idx').on(table.providerMessageId),
    index('outbox_attachment_idx').on(table.attachmentId),
  ],
);

export type OutboxRow = typeof outbox.$inferSelect;

export type OutboxAttachmentRow = typeof outboxAttachments.$inferSelect;
