import { z } from 'zod';
import type { DeliveryCounts } from './outbox.schemas';
import { plural } from './words';

/** The hourly passes of the rainfall source (D3). */
export const HOURLY_PASSES = [1, 2] as const;
export type HourlyPass = (typeof HOURLY_PASSES)[number];

/** How long after its hour ends each hourly pass is published (D3): Pass 1 about an hour, Pass 2 about two. */
export const PASS_PUBLICATION_DELAY_MINUTES: Record<HourlyPass, number> = { 1: 60, 2: 120 };

/** Scheduled ingestion runs every 15 minutes: a field published just after a run is stored by the next. */
export const INGEST_RUN_MINUTES = 15;

/** A pass this many minutes behind its usual time turns its card amber; this many, red. */
export const LATE_MINUTES = { amber: 30, red: 120 } as const;

export const HEALTH_LEVELS = ['ok', 'amber', 'red'] as const;
export type HealthLevel = (typeof HEALTH_LEVELS)[number];

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/**
 * When the hour after `newestHour` (the end of the newest stored hour) usually arrives: its end,
 * plus the pass's publication delay, plus one ingestion run.
 */
export function nextHourDueAt(newestHour: Date, pass: HourlyPass): Date {
  return new Date(
    newestHour.getTime() + HOUR_MS + (PASS_PUBLICATION_DELAY_MINUTES[pass] + INGEST_RUN_MINUTES) * MINUTE_MS,
  );
}

/** An instant on the 24-hour clock of `timeZone` with the zone's generic name: '1400 ET'. */
export function clockLabel(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'shortGeneric',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('hour')}${part('minute')} ${part('timeZoneName')}`;
}

/** Whole minutes `now` is past `dueAt`; 0 when it is not past. */
export function minutesLate(dueAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - dueAt.getTime()) / MINUTE_MS));
}

/** 'on time', or how late, for people: '45 min late', '3 h 5 min late'. */
export function latenessLabel(minutes: number): string {
  if (minutes <= 0) return 'on time';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min late`;
  return rest === 0 ? `${hours} h late` : `${hours} h ${rest} min late`;
}

/** A card's colour and the reasons for it (empty when all is well). */
export interface HealthState {
  level: HealthLevel;
  reasons: string[];
}

const worse = (a: HealthLevel, b: HealthLevel): HealthLevel =>
  HEALTH_LEVELS.indexOf(a) >= HEALTH_LEVELS.indexOf(b) ? a : b;

function stateOf(findings: { level: HealthLevel; reason: string }[]): HealthState {
  return {
    level: findings.reduce<HealthLevel>((level, finding) => worse(level, finding.level), 'ok'),
    reasons: findings.map((finding) => finding.reason),
  };
}

/** What a pass card reports: late or nothing stored (amber, red past 2 hours), failed fields (red). */
export function passState(pass: {
  newest_hour: string | null;
  minutes_late: number;
  failed: number;
}): HealthState {
  const findings: { level: HealthLevel; reason: string }[] = [];
  if (pass.newest_hour === null) findings.push({ level: 'amber', reason: 'No hour stored yet' });
  else if (pass.minutes_late > LATE_MINUTES.amber)
    findings.push({
      level: pass.minutes_late > LATE_MINUTES.red ? 'red' : 'amber',
      reason: `Next hour ${latenessLabel(pass.minutes_late)}`,
    });
  if (pass.failed > 0)
    findings.push({ level: 'red', reason: `${plural(pass.failed, 'field')} failed today` });
  return stateOf(findings);
}

/** A channel's messages queued today, as the health cards count them. */
export const deliveryTallySchema = z.object({
  total: z.number().int(),
  /** Sent, or delivered by the provider. */
  sent: z.number().int(),
  /** Failed for good. */
  errors: z.number().int(),
  /** Kept in the outbox because no transport is configured (the mail viewer shows them). */
  held: z.number().int(),
  /** Queued or being sent. */
  waiting: z.number().int(),
});
export type DeliveryTally = z.infer<typeof deliveryTallySchema>;

export function deliveryTally(counts: DeliveryCounts): DeliveryTally {
  return {
    total: Object.values(counts).reduce((sum, count) => sum + count, 0),
    sent: counts.sent + counts.delivered,
    errors: counts.failed,
    held: counts.held,
    waiting: counts.queued + counts.sending,
  };
}

/** A channel card is amber while today's messages fail. */
export function deliveryState(tally: DeliveryTally): HealthState {
  if (tally.errors === 0) return { level: 'ok', reasons: [] };
  return stateOf([{ level: 'amber', reason: `${plural(tally.errors, 'message')} failed today` }]);
}

/** One hourly pass of the rainfall source: its newest stored hour and today's troubles. */
export const passHealthSchema = z.object({
  pass: z.union([z.literal(1), z.literal(2)]),
  /** The end of the newest hour stored in this pass (ISO 8601); null before the first. */
  newest_hour: z.string().nullable(),
  /** When that hour was stored; null when unknown. */
  arrived_at: z.string().nullable(),
  /** When the hour after it usually arrives; null before the first. */
  next_due_at: z.string().nullable(),
  /** Minutes past `next_due_at` (0 when not past). */
  minutes_late: z.number().int(),
  /** Fields of this pass whose interval ended today and whose last attempt failed (they are retried). */
  failed: z.number().int(),
  /** Fields of this pass whose interval ended today, stored after more than one attempt. */
  retried: z.number().int(),
  level: z.enum(HEALTH_LEVELS),
  reasons: z.array(z.string()),
});
export type PassHealth = z.infer<typeof passHealthSchema>;

export const channelHealthSchema = deliveryTallySchema.extend({
  level: z.enum(HEALTH_LEVELS),
  reasons: z.array(z.string()),
});
export type ChannelHealth = z.infer<typeof channelHealthSchema>;

/**
 * GET /api/admin/health (superusers): the system health page's day (product time zone), the
 * day's e-mails and texts, and the state of each hourly pass of the rainfall data.
 */
export const systemHealthSchema = z.object({
  date: z.string(),
  checked_at: z.string(),
  emails: channelHealthSchema,
  sms: channelHealthSchema,
  passes: z.array(passHealthSchema),
});
export type SystemHealth = z.infer<typeof systemHealthSchema>;
