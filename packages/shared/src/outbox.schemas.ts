import { z } from 'zod';
import { calendarDateSchema, DATES_IN_ORDER, datesInOrder, RAINFALL_DATA_START } from './calendar';
import { idParamSchema, TEXT_LIMITS, textSchema } from './inputs';
import { pageSchema, pagingFields } from './lists';

export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'held'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** Each status as the mail viewer and the delivery log name it. */
export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  queued: 'Waiting to send',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  held: 'Kept, not sent',
};

/** A delivery status as people read it ('Kept, not sent'); a status this version does not know, as written. */
export function deliveryStatusLabel(status: string): string {
  return OUTBOX_STATUS_LABELS[status as OutboxStatus] ?? status;
}

/** What a kept ('held') message means: no transport for its channel is set up (D16). */
export const OUTBOX_HELD_MEANING =
  'No mail server or SMS provider is set up for this channel, so the message is kept in the mail viewer instead of being sent.';

export const OUTBOX_CHANNELS = ['email', 'sms'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/** One outgoing message as the mail viewer shows it (D16). */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(OUTBOX_CHANNELS),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  kind: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** When the message reached its status (sent, delivered, failed...); the default reads older answers. */
  status_at: z.string().nullable().default(null),
  /** The provider's id of the sent message (a Twilio message SID). */
  provider_message_id: z.string().nullable().default(null),
  /** The file the e-mail carries (a report), downloaded from GET /api/admin/outbox/{id}/attachment. */
  attachment: z
    .object({ filename: z.string(), content_type: z.string(), size: z.number().int() })
    .nullable()
    .default(null),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxPageSchema = pageSchema(outboxMessageSchema).extend({
  /** How e-mail leaves: an SMTP server, or kept in the outbox when none is configured. */
  transport: z.enum(['smtp', 'outbox']),
  /** How SMS leave: the Twilio API, or kept in the outbox when it is not configured. */
  sms_transport: z.enum(['twilio', 'outbox']).default('outbox'),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;

export const pageQuerySchema = z.object(pagingFields(50));

export const OUTBOX_MESSAGES = {
  messageNotFound: 'Message not found',
  noAttachment: 'This message has no attachment',
} as const;

/** GET /api/admin/outbox: a page, or with `message` the page that holds that message (a deep link). */
/**
 * GET /api/admin/outbox: `message` asks for the page that holds it; `search` keeps the messages whose
 * recipient or subject holds it, in any case.
 */
export const outboxQuerySchema = pageQuerySchema.extend({
  message: idParamSchema.optional(),
  search: textSchema(TEXT_LIMITS.email).trim().min(1).optional(),
});

export const DELIVERY_LOG_MESSAGES = {
  channel: `Channel must be one of: ${OUTBOX_CHANNELS.join(', ')}`,
  status: `Status must be one of: ${OUTBOX_STATUSES.join(', ')}`,
};

const logDateSchema = calendarDateSchema(RAINFALL_DATA_START);

/**
 * GET /api/admin/deliveries: the system-wide delivery log (issue 6 point 6). Dates are days of
 * the product time zone, both included.
 */
export const deliveryLogQuerySchema = pageQuerySchema
  .extend({
    channel: z.enum(OUTBOX_CHANNELS, { error: DELIVERY_LOG_MESSAGES.channel }).optional(),
    status: z.enum(OUTBOX_STATUSES, { error: DELIVERY_LOG_MESSAGES.status }).optional(),
    kind: textSchema(100).min(1).optional(),
    start_date: logDateSchema.optional(),
    end_date: logDateSchema.optional(),
  })
  .refine(datesInOrder, DATES_IN_ORDER);
export type DeliveryLogQuery = z.infer<typeof deliveryLogQuerySchema>;

/** One message of the delivery log: what went to whom and how it fared, without its body. */
export const deliveryLogEntrySchema = z.object({
  id: z.number().int(),
  channel: z.enum(OUTBOX_CHANNELS),
  kind: z.string(),
  recipient: z.string(),
  subject: z.string().nullable(),
  status: z.enum(OUTBOX_STATUSES),
  status_at: z.string(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  queued_at: z.string(),
  sent_at: z.string().nullable(),
});
export type DeliveryLogEntry = z.infer<typeof deliveryLogEntrySchema>;

/** How many messages of the filtered range are in each status (the status filter aside). */
export const deliveryCountsSchema = z.record(z.enum(OUTBOX_STATUSES), z.number().int());
export type DeliveryCounts = z.infer<typeof deliveryCountsSchema>;

export const deliveryLogPageSchema = pageSchema(deliveryLogEntrySchema).extend({
  counts: deliveryCountsSchema,
});
export type DeliveryLogPage = z.infer<typeof deliveryLogPageSchema>;
