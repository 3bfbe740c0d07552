import { z } from 'zod';
import { listQuerySchema } from './lists';

/**
 * Alert kinds (issue 6): the 24-hour threshold, NOAA Atlas 14 24-hour and 1-hour depths, RapidRain,
 * and the forecast notice (tomorrow's forecast at or over the 24-hour threshold).
 */
export const ALERT_KINDS = ['exceed24h', 'atlas14_24h', 'atlas14_1h', 'rapidrain', 'forecast'] as const;
export type AlertKindName = (typeof ALERT_KINDS)[number];

export const alertListQuerySchema = listQuerySchema;

/** When an alert fired, as messages and the history page show it: 'Nov 21, 2:00 PM EST' in the product time zone. */
export function alertTimeLabel(firedAt: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(firedAt);
}

export const ALERT_MESSAGES = {
  /** An alert the backfill or a catch-up found in rain that had already passed (README "Mail viewer"). */
  foundInPastData:
    'No message sent: this alert was found while catching up on past rainfall, after the rain had passed.',
};

/** One message that told someone about an alert, with its delivery status from the outbox. */
export const alertDeliverySchema = z.object({
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  status: z.string(),
  sent_at: z.string().nullable(),
});

/** GET /api/alerts: what fired, when, and to whom it went (newest first). */
export const alertSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ALERT_KINDS),
  location_id: z.number().int(),
  location_name: z.string(),
  fired_at: z.string(),
  value: z.number(),
  threshold: z.number(),
  /** Years of the NOAA Atlas 14 recurrence interval reached, for the Atlas 14 kinds. */
  recurrence_interval: z.number().int().nullable(),
  /** False for history the start-up backfill found: recorded, never sent. */
  notified: z.boolean(),
  deliveries: z.array(alertDeliverySchema),
});
export type Alert = z.infer<typeof alertSchema>;

const KIND_LABELS: Record<AlertKindName, string> = {
  exceed24h: '24-hour threshold',
  atlas14_24h: 'NOAA Atlas 14, 24 hours',
  atlas14_1h: 'NOAA Atlas 14, 1 hour',
  rapidrain: 'RapidRain (15 minutes)',
  forecast: 'Forecast, next day',
};

/** 'NOAA Atlas 14, 24 hours (25-year)' and the like. */
export function alertLabel(alert: Pick<Alert, 'kind' | 'recurrence_interval'>): string {
  const years = alert.recurrence_interval ? ` (${alert.recurrence_interval}-year)` : '';
  return `${KIND_LABELS[alert.kind]}${years}`;
}
