import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  OUTBOX_CHANNELS,
  OUTBOX_MESSAGES,
  type OutboxChannel,
  type OutboxPage,
} from '@pluvio/shared/outbox.schemas';
import { toE164 } from '@pluvio/shared/phone';
import { SMS_OPTED_OUT_REASON } from '@pluvio/shared/sms-consent';
import type { AppDb } from '../../core/db/client';
import type { Clock } from '../../core/lib/clock';
import { subjectLine } from '../../core/lib/email-layout';
import { notFound } from '../../core/lib/errors';
import { DEFAULT_LEASE, type Lease, leaseEnd, whileRenewing } from '../../core/lib/lease';
import type { OutboxRow } from '../../core/tables/outbox';
import type { Channel } from './contact-channels';
import { PermanentDeliveryError } from './delivery-error';
import type { MailAttachment, MailTransport } from './mail-transport';
import {
  createOutboxRepository,
  type NewOutboxMessage,
  type OutboxRepository,
  type ProviderOutcome,
} from './outbox.repository';
import { createSmsConsentRepository, type SmsConsentRepository } from './sms-consent.repository';
import type { SmsTransport } from './sms-transport';

export interface EmailToQueue {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  kind: string;
}

export interface SmsToQueue {
  /** A US number however it is written, or an E.164 number; anything else is refused. */
  to: string;
  /** Cut to SMS_MAX_CHARACTERS. */
  text: string;
  kind: string;
}

export interface OutboxOptions {
  /** null: no SMTP server configured; e-mails are kept for the mail viewer. */
  mailTransport: MailTransport | null;
  /** null: no SMS provider configured; texts are kept for the mail viewer. */
  smsTransport: SmsTransport | null;
  mailFrom: string;
  clock: Clock;
  /** Called after a message is queued, so a worker can be woken at once. */
  onQueued?: () => Promise<void>;
  /** How long a claim on a message lasts and how often its sender renews it (DEFAULT_LEASE). */
  lease?: Lease;
}

const MAX_ATTEMPTS = 30;
const FIRST_RETRY_SECONDS = 30;
const LONGEST_RETRY_SECONDS = 3600;
export const SMS_MAX_CHARACTERS = 320;

/** enqueueSms's rejection for a phone number no SMS can go to; callers skip such contacts. */
export class UnusablePhoneError extends Error {
  override name = 'UnusablePhoneError';
  constructor(readonly phone: string) {
    super(`Cannot send an SMS to "${phone}": not a US phone number or an E.164 number`);
  }
}

/** Wait before the next attempt: 30 s doubling to at most an hour, about a day of tries in all. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_SECONDS);
}

/** The text as sent: at most 320 characters (not UTF-16 units), ending with '…' when cut. */
export function smsText(text: string): string {
  const characters = Array.from(text);
  if (characters.length <= SMS_MAX_CHARACTERS) return text;
  return `${characters
    .slice(0, SMS_MAX_CHARACTERS - 1)
    .join('')
    .trimEnd()}…`;
}

function smsRecipient(phone: string): string {
  const number = toE164(phone);
  if (!number) throw new UnusablePhoneError(phone);
  return number;
}

function messageIdOf(row: OutboxRow, mailFrom: string): string {
  const domain = /@([^>\s]+)/.exec(mailFrom)?.[1] ?? 'pluvio.invalid';
  return `<${row.idempotencyKey}@${domain}>`;
}

type Send = (row: OutboxRow) => Promise<{ providerMessageId: string | null }>;

async function attachmentsOf(row: OutboxRow, repository: OutboxRepository): Promise<MailAttachment[]> {
  if (row.attachmentId === null) return [];
  const attachment = await repository.attachment(row.attachmentId);
  if (!attachment) throw new PermanentDeliveryError('The attachment of this message was deleted');
  return [
    { filename: attachment.filename, contentType: attachment.contentType, content: attachment.content },
  ];
}

/**
 * How each channel with a configured transport sends a row; a channel without one keeps its rows.
 * A text to a number that replied STOP fails for good, unsent, whenever it was queued.
 */
function sendersOf(
  options: OutboxOptions,
  repository: OutboxRepository,
  consent: Pick<SmsConsentRepository, 'isOptedOut'>,
): Partial<Record<OutboxChannel, Send>> {
  const { mailTransport, smsTransport, mailFrom } = options;
  return {
    ...(mailTransport && {
      email: async (row: OutboxRow) =>
        mailTransport.send({
          from: mailFrom,
          to: row.recipient,
          subject: row.subject ?? '',
          text: row.textBody,
          html: row.htmlBody,
          messageId: messageIdOf(row, mailFrom),
          attachments: await attachmentsOf(row, repository),
        }),
    }),
    ...(smsTransport && {
      sms: async (row: OutboxRow) => {
        if (await consent.isOptedOut(row.recipient)) throw new PermanentDeliveryError(SMS_OPTED_OUT_REASON);
        return smsTransport.send({
          to: row.recipient,
          body: row.textBody,
          idempotencyKey: row.idempotencyKey,
        });
      },
    }),
  };
}

type MessageFields = Pick<NewOutboxMessage, 'kind' | 'recipient' | 'subject' | 'textBody' | 'htmlBody'>;

/** The outbox of D16: every e-mail and SMS is a row first; a worker sends due rows with retries. */
export function createOutboxService(db: AppDb, options: OutboxOptions) {
  const repository = createOutboxRepository(db);
  const { clock, lease = DEFAULT_LEASE } = options;
  const senders = sendersOf(options, repository, createSmsConsentRepository(db));
  const sentChannels = OUTBOX_CHANNELS.filter((channel) => senders[channel]);

  function newRow(channel: OutboxChannel, fields: MessageFields): NewOutboxMessage {
    const now = clock.now();
    return {
      channel,
      ...fields,
      status: senders[channel] ? 'queued' : 'held',
      idempotencyKey: randomUUID(),
      nextAttemptAt: now,
      statusAt: now,
      createdAt: now,
    };
  }

  const emailRow = (email: EmailToQueue) =>
    newRow('email', {
      kind: email.kind,
      recipient: email.to,
      subject: subjectLine(email.subject),
      textBody: email.text,
      htmlBody: email.html,
    });

  const smsRow = (sms: SmsToQueue) =>
    newRow('sms', {
      kind: sms.kind,
      recipient: smsRecipient(sms.to),
      subject: null,
      textBody: smsText(sms.text),
      htmlBody: null,
    });

  async function queue(row: NewOutboxMessage): Promise<number> {
    const { id } = await repository.insert(row);
    await options.onQueued?.();
    return id;
  }

  /** Inserts in one statement; the ids come back in the order of `rows`. */
  async function queueMany(rows: NewOutboxMessage[]): Promise<number[]> {
    if (rows.length === 0) return [];
    const inserted = await repository.insertMany(rows);
    await options.onQueued?.();
    const idByKey = new Map(inserted.map((row) => [row.idempotencyKey, row.id]));
    return rows.map((row) => {
      const id = idByKey.get(row.idempotencyKey);
      if (id === undefined) throw new Error('outbox insert returned fewer rows than it was given');
      return id;
    });
  }

  async function pageOfMessage(messageId: number, pageSize: number): Promise<number> {
    const before = await repository.positionOf(messageId);
    if (before === null) throw notFound(OUTBOX_MESSAGES.messageNotFound);
    return Math.floor(before / pageSize) + 1;
  }

  async function recordFailure(row: OutboxRow, error: unknown): Promise<void> {
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof PermanentDeliveryError || row.attempts >= MAX_ATTEMPTS) {
      await repository.markFailed(row, reason, clock.now());
      return;
    }
    const next = new Date(clock.now().getTime() + retryDelaySeconds(row.attempts) * 1000);
    await repository.scheduleRetry(row, reason, next);
  }

  /**
   * Writes the `sent` mark of a message the provider has taken, trying again while the database
   * is away (a restart): until the mark is written the claim still stands, so no other worker can
   * send the message again. Tries for as long as the claim lasts after its last renewal.
   */
  async function storeSent(row: OutboxRow, providerMessageId: string | null): Promise<void> {
    const pauseMs = Math.min(1_000, lease.renewEveryMs / 4);
    const tries = Math.max(1, Math.ceil((lease.ms - lease.renewEveryMs) / pauseMs));
    for (let attempt = 1; ; attempt++) {
      try {
        return await repository.markSent(row, providerMessageId, clock.now());
      } catch (error) {
        if (attempt >= tries) throw error;
        await sleep(pauseMs);
      }
    }
  }

  /** Sends a claimed message, renewing the claim for as long as the provider takes. */
  async function deliver(row: OutboxRow): Promise<void> {
    const send = senders[row.channel];
    if (!send) return;
    const renew = () => repository.renewClaim(row, leaseEnd(lease, clock.now()));
    let providerMessageId: string | null;
    try {
      ({ providerMessageId } = await whileRenewing(lease, renew, () => send(row)));
    } catch (error) {
      await recordFailure(row, error);
      return;
    }
    await storeSent(row, providerMessageId);
  }

  return {
    transportKind: options.mailTransport ? ('smtp' as const) : ('outbox' as const),

    /** Queues one e-mail; returns its outbox id. */
    enqueueEmail: async (email: EmailToQueue): Promise<number> => queue(emailRow(email)),

    /** Queues many e-mails in one statement (a contact import's invitations); ids in the same order. */
    enqueueEmails: async (emails: EmailToQueue[]): Promise<number[]> => queueMany(emails.map(emailRow)),

    /**
     * Queues e-mails that all carry one file, stored once for all of them (a report to several
     * recipients); ids in the same order. Use the outbox of the caller's transaction so the file,
     * the messages and the caller's own record commit together.
     */
    async enqueueEmailsWithAttachment(emails: EmailToQueue[], attachment: MailAttachment): Promise<number[]> {
      if (emails.length === 0) return [];
      const attachmentId = await repository.insertAttachment(attachment);
      return queueMany(emails.map((email) => ({ ...emailRow(email), attachmentId })));
    },

    /**
     * Queues one SMS to the number in E.164 form, its text cut to 320 characters; returns its
     * outbox id. Throws UnusablePhoneError (nothing queued) for a number no SMS can go to.
     */
    enqueueSms: async (sms: SmsToQueue): Promise<number> => queue(smsRow(sms)),

    /** Many SMS in one statement; ids in the same order. One unusable number queues none of them. */
    enqueueSmsMessages: async (messages: SmsToQueue[]): Promise<number[]> => queueMany(messages.map(smsRow)),

    /** Deletes e-mail attachments kept longer than `days` whose messages are no longer waiting. */
    async forgetOldAttachments(days: number): Promise<number> {
      return repository.removeAttachmentsSentBefore(new Date(clock.now().getTime() - days * 24 * 3_600_000));
    },

    /**
     * Sends what is due now on every channel that has a transport, one claimed message at a time;
     * returns how many were attempted.
     */
    async deliverDue(): Promise<number> {
      if (sentChannels.length === 0) return 0;
      let attempted = 0;
      for (;;) {
        const now = clock.now();
        const row = await repository.claimNext(sentChannels, now, leaseEnd(lease, now));
        if (!row) return attempted;
        await deliver(row);
        attempted += 1;
      }
    },

    /** A delivery report of the SMS provider; false when no sent SMS has that id (nothing to do). */
    recordSmsOutcome: (providerMessageId: string, outcome: ProviderOutcome): Promise<boolean> =>
      repository.recordOutcome('sms', providerMessageId, outcome, clock.now()),

    /**
     * A page of the mail viewer, newest first, of the messages whose recipient or subject holds
     * `search`; with `messageId` (and no search), the page that holds that message (404 when there
     * is none), so a link to one message opens where it is.
     */
    async page(
      requestedPage: number,
      pageSize: number,
      { messageId, search }: { messageId?: number; search?: string } = {},
    ): Promise<OutboxPage> {
      const page =
        messageId === undefined || search ? requestedPage : await pageOfMessage(messageId, pageSize);
      const { rows, total } = await repository.page(page, pageSize, search);
      return {
        items: rows,
        total,
        page,
        page_size: pageSize,
        transport: options.mailTransport ? 'smtp' : 'outbox',
        sms_transport: options.smsTransport ? 'twilio' : 'outbox',
      };
    },

    /** The file a message carries, or null when it has none or does not exist. */
    attachmentOf: (messageId: number) => repository.attachmentOfMessage(messageId),

    /** How many messages each channel holds in each status (the operator's metrics). */
    countByStatus: () => repository.countByStatus(),
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;

/** The outbox as a feature that queues many messages in its own transaction sees it. */
export type OutboxBatchQueue = Pick<
  OutboxService,
  'enqueueEmails' | 'enqueueSmsMessages' | 'enqueueEmailsWithAttachment'
>;

/** A message to one address on one channel: e-mails have a subject and may have HTML; texts use `text`. */
export interface ChannelMessage {
  recipient: Channel;
  subject: string;
  text: string;
  html: string | null;
}

/** Queues the messages, e-mails and texts in one statement each; answers their outbox ids in the order given. */
export async function enqueueMessages(
  outbox: OutboxBatchQueue,
  kind: string,
  messages: readonly ChannelMessage[],
): Promise<number[]> {
  const emails = messages.filter((message) => message.recipient.channel === 'email');
  const texts = messages.filter((message) => message.recipient.channel === 'sms');
  const emailIds = await outbox.enqueueEmails(
    emails.map((message) => ({
      to: message.recipient.address,
      kind,
      subject: message.subject,
      text: message.text,
      html: message.html,
    })),
  );
  const textIds = await outbox.enqueueSmsMessages(
    texts.map((message) => ({ to: message.recipient.address, kind, text: message.text })),
  );
  const ids = new Map<ChannelMessage, number>([
    ...emails.map((message, index) => [message, emailIds[index] as number] as const),
    ...texts.map((message, index) => [message, textIds[index] as number] as const),
  ]);
  return messages.map((message) => ids.get(message) as number);
}
