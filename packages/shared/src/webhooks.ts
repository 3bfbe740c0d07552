import { z } from 'zod';
import { countParamSchema } from './inputs';
import { clientIdQuerySchema, MAX_PAGE } from './lists';
import { accountLimitReached } from './quotas';

/**
 * Outgoing webhooks (issue 29 point 1): an account owner's HTTPS endpoints that receive the
 * account's events as signed JSON, the way Stripe signs its own (`Pluvio-Signature: t=…,v1=…`,
 * HMAC-SHA256 over `t.body`), so users can reuse their verifiers.
 */

export const WEBHOOK_EVENT_TYPES = [
  'alert.fired',
  'daily_report.sent',
  'storm_event.opened',
  'storm_event.closed',
  'inspection.due',
  'inspection.overdue',
  'inspection.recorded',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event "send test event" delivers; never subscribed to, always sent when asked. */
export const WEBHOOK_PING_EVENT = 'ping';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'alert.fired': 'An alert fired',
  'daily_report.sent': 'The daily report was sent',
  'storm_event.opened': 'A storm event opened',
  'storm_event.closed': 'A storm event closed',
  'inspection.due': 'An inspection is due',
  'inspection.overdue': 'An inspection is overdue',
  'inspection.recorded': 'An inspection was recorded',
};

export const WEBHOOK_SIGNATURE_HEADER = 'Pluvio-Signature';
/** Each endpoint's signing secret starts so (Stripe's `whsec_` convention). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const WEBHOOK_DEFAULTS = {
  perAccount: 10,
  /** A delivery is retried with backoff for this long, then the endpoint is disabled. */
  retryHours: 24,
  timeoutSeconds: 10,
  /** Delivered and failed deliveries stay in an endpoint's log this many days. */
  logDays: 30,
  /** The minimum plan level (silver). */
  minTier: 2,
} as const;

export const WEBHOOK_URL_MAX = 2000;

export const WEBHOOK_MESSAGES = {
  url: 'Please enter the endpoint URL, starting with https://',
  urlTooLong: `The endpoint URL can be at most ${WEBHOOK_URL_MAX} characters.`,
  httpsOnly:
    'The endpoint URL must start with https:// (http:// is allowed only to localhost in development).',
  privateAddress:
    'The endpoint URL points to a private, loopback or link-local address; webhooks are only sent to public addresses.',
  events: `Please choose at least one event: ${WEBHOOK_EVENT_TYPES.join(', ')}`,
  eventType: `Each event must be one of: ${WEBHOOK_EVENT_TYPES.join(', ')}`,
  ownersOnly: "Only the account's owner can manage its webhooks",
  plan: 'Webhooks are part of the Silver and Gold plans. Please upgrade to use them.',
  limit: (max: number) =>
    accountLimitReached(max, 'webhook endpoint', 'Delete an endpoint before adding another.', 'created'),
  hostNotFound: "The endpoint URL's host name could not be found.",
  notFound: 'Webhook endpoint not found',
  disabled: 'This endpoint is disabled. Enable it before sending a test event.',
} as const;

const webhookUrlSchema = z
  .string({ error: WEBHOOK_MESSAGES.url })
  .trim()
  .min(1, WEBHOOK_MESSAGES.url)
  .max(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.urlTooLong)
  .refine((value) => URL.canParse(value), WEBHOOK_MESSAGES.url);

const webhookEventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_MESSAGES.eventType }), {
    error: WEBHOOK_MESSAGES.events,
  })
  .min(1, WEBHOOK_MESSAGES.events)
  .max(WEBHOOK_EVENT_TYPES.length, WEBHOOK_MESSAGES.events)
  .transform((events) => [...new Set(events)]);

export const createWebhookSchema = z.object({
  url: webhookUrlSchema,
  events: webhookEventsSchema,
});
export type CreateWebhook = z.infer<typeof createWebhookSchema>;

/** Any of the three; `enabled: true` re-enables an endpoint the retries disabled. */
export const updateWebhookSchema = z
  .object({
    url: webhookUrlSchema.optional(),
    events: webhookEventsSchema.optional(),
    enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Please send url, events or enabled.');
export type UpdateWebhook = z.infer<typeof updateWebhookSchema>;

/** An endpoint as listed: never its secret. */
export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  /** Why the endpoint was disabled (its deliveries failed for 24 hours); null when enabled. */
  disabled_reason: z.string().nullable(),
  created_at: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer of a creation: the only time the secret is shown. */
export const createdWebhookSchema = z.object({ id: z.number().int(), secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'retrying', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One event sent (or being sent) to one endpoint, newest first in the log. */
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The HTTP status of the last attempt; null when it got no answer. */
  response_code: z.number().int().nullable(),
  /** Why the last attempt failed (timeout, refused, HTTP 500…); null after success. */
  error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** The answer of "send test event". */
export const webhookTestSchema = z.object({ delivery_id: z.number().int(), event_id: z.string() });
export type WebhookTest = z.infer<typeof webhookTestSchema>;

/** The JSON body every delivery carries. */
export interface WebhookEventBody {
  id: string;
  type: WebhookEventType | typeof WEBHOOK_PING_EVENT;
  created_at: string;
  client_id: number;
  data: Record<string, unknown>;
}

/** The delivery log's page: newest first, up to 100 deliveries a page. */
export const WEBHOOK_DELIVERY_PAGE_MAX = 100;
export const webhookDeliveriesQuerySchema = clientIdQuerySchema.extend({
  page: countParamSchema(1, MAX_PAGE).default(1),
  page_size: countParamSchema(1, WEBHOOK_DELIVERY_PAGE_MAX).default(WEBHOOK_DELIVERY_PAGE_MAX),
});
export type WebhookDeliveriesQuery = z.infer<typeof webhookDeliveriesQuerySchema>;
