import { randomUUID } from 'node:crypto';
import type { OutboxMessage, OutboxPage } from '@pluvio/shared/outbox.schemas';
import type { AppDb } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { MailTransport } from './mail-transport';
import { createOutboxRepository, type NewOutboxMessage } from './outbox.repository';
import type { OutboxRow } from './outbox.schema';

export interface EmailToQueue {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  kind: string;
}

export interface OutboxOptions {
  /** null: no SMTP server configured; messages are kept for the mail viewer. */
  transport: MailTransport | null;
  mailFrom: string;
  clock: Clock;
  /** Called after a message is queued, so a worker can be woken at once. */
  onQueued?: () => Promise<void>;
}

const CLAIM_SECONDS = 120;
const BATCH_SIZE = 50;
const MAX_ATTEMPTS = 30;
const FIRST_RETRY_SECONDS = 30;
const LONGEST_RETRY_SECONDS = 3600;

/** Wait before the next attempt: 30 s doubling to at most an hour, about a day of tries in all. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_SECONDS);
}

function messageIdOf(row: OutboxRow, mailFrom: string): string {
  const domain = /@([^>\s]+)/.exec(mailFrom)?.[1] ?? 'pluvio.invalid';
  return `<${row.idempotencyKey}@${domain}>`;
}

function present(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    channel: row.channel,
    to: row.recipient,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}

/** The outbox of D16: every e-mail is a row first; a worker sends due rows with retries. */
export function createOutboxService(db: AppDb, options: OutboxOptions) {
  const repository = createOutboxRepository(db);
  const { transport, clock } = options;

  function toRow(email: EmailToQueue): NewOutboxMessage {
    return {
      channel: 'email',
      kind: email.kind,
      recipient: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
      status: transport ? 'queued' : 'held',
      idempotencyKey: randomUUID(),
      nextAttemptAt: clock.now(),
    };
  }

  async function deliver(row: OutboxRow): Promise<void> {
    if (!transport) return;
    try {
      const { providerMessageId } = await transport.send({
        from: options.mailFrom,
        to: row.recipient,
        subject: row.subject ?? '',
        text: row.textBody,
        html: row.htmlBody,
        messageId: messageIdOf(row, options.mailFrom),
      });
      await repository.markSent(row.id, providerMessageId, clock.now());
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (row.attempts >= MAX_ATTEMPTS) {
        await repository.markFailed(row.id, reason);
        return;
      }
      const next = new Date(clock.now().getTime() + retryDelaySeconds(row.attempts) * 1000);
      await repository.scheduleRetry(row.id, reason, next);
    }
  }

  return {
    transportKind: transport ? ('smtp' as const) : ('outbox' as const),

    async enqueueEmail(email: EmailToQueue): Promise<number> {
      const row = await repository.insert(toRow(email));
      await options.onQueued?.();
      return row.id;
    },

    /** Queues many messages in one statement (a contact import's invitations). */
    async enqueueEmails(emails: EmailToQueue[]): Promise<void> {
      if (emails.length === 0) return;
      await repository.insertMany(emails.map(toRow));
      await options.onQueued?.();
    },

    /** Sends what is due now; returns how many messages were attempted. */
    async deliverDue(): Promise<number> {
      if (!transport) return 0;
      let attempted = 0;
      for (;;) {
        const now = clock.now();
        const claimUntil = new Date(now.getTime() + CLAIM_SECONDS * 1000);
        const rows = await repository.claimDue(now, claimUntil, BATCH_SIZE);
        for (const row of rows) await deliver(row);
        attempted += rows.length;
        if (rows.length < BATCH_SIZE) return attempted;
      }
    },

    async page(page: number, pageSize: number): Promise<OutboxPage> {
      const { rows, total } = await repository.page(page, pageSize);
      return {
        items: rows.map(present),
        total,
        page,
        page_size: pageSize,
        transport: transport ? 'smtp' : 'outbox',
      };
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
