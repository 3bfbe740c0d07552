import { z } from 'zod';

export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'held'] as const;

/** One outgoing message as the mail viewer shows it (D16). */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
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
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxPageSchema = z.object({
  items: z.array(outboxMessageSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  transport: z.enum(['smtp', 'outbox']),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(250).default(50),
});
