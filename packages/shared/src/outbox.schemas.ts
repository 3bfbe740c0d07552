import { z } from 'zod';

export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'held'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

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
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxPageSchema = z.object({
  items: z.array(outboxMessageSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** How e-mail leaves: an SMTP server, or kept in the outbox when none is configured. */
  transport: z.enum(['smtp', 'outbox']),
  /** How SMS leave: the Twilio API, or kept in the outbox when it is not configured. */
  sms_transport: z.enum(['twilio', 'outbox']).default('outbox'),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(250).default(50),
});
