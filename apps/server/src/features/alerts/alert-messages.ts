import { alertTimeLabel } from '@pluvio/shared/alerts';
import { layoutEmail } from '../../core/lib/email-layout';
import { dateLabel, productDate } from '../../core/lib/time';
import type { AlertKind } from '../../core/tables/alerts';
import type { Channel, ChannelMessage, Notice } from '../notifications';

/** An alert ready to tell people about, with what the message names. */
export interface AlertToSend {
  id: number;
  clientId: number;
  locationId: number;
  locationName: string;
  kind: AlertKind;
  firedAt: Date;
  eventStartedAt: Date;
  recurrenceYears: number;
  value: number;
  threshold: number;
  /** The account joins its simultaneous alerts of this kind into one message. */
  combine: boolean;
}

export type Recipient = Channel;

export interface AlertMessage extends ChannelMessage {
  alertIds: number[];
}

/** The contact flag that asks for each kind (contacts have no RapidRain flag: it counts as a threshold notice). */
const CONTACT_FLAG: Record<AlertKind, Notice['type']> = {
  exceed24h: 'exceed24h_on',
  atlas14_24h: 'atlas14_24h_on',
  atlas14_1h: 'atlas14_1h_on',
  rapidrain: 'exceed24h_on',
  forecast: 'forecast_on',
};

const inches = (value: number) => `${value.toFixed(2)} in`;

/** What the contacts' flags are asked about: the kind's flag, and whether it repeats an event already alerted. */
export function noticeOf(alert: AlertToSend): Notice {
  return {
    type: CONTACT_FLAG[alert.kind],
    repeat: alert.firedAt.getTime() !== alert.eventStartedAt.getTime(),
  };
}

/** The span of rain each kind measures, as a message names it. */
const PERIODS: Record<Exclude<AlertKind, 'forecast'>, string> = {
  exceed24h: '24 hours',
  atlas14_24h: '24 hours',
  atlas14_1h: 'hour',
  rapidrain: '15 minutes',
};

/**
 * One line saying what happened, e.g. "Houston: 0.62 in in the 24 hours ending Nov 21, 2:00 PM EST
 * (threshold 0.50 in)", or for a forecast notice "Houston: 0.82 in forecast for Sun, Nov 22 (threshold 0.50 in)".
 */
export function describeAlert(alert: AlertToSend, timeZone: string): string {
  const what =
    alert.kind === 'forecast'
      ? `forecast for ${dateLabel(productDate(alert.eventStartedAt, timeZone), 'short')}`
      : `in the ${PERIODS[alert.kind]} ending ${alertTimeLabel(alert.firedAt, timeZone)}`;
  const reached =
    alert.kind.startsWith('atlas14') && alert.recurrenceYears > 0
      ? `the NOAA Atlas 14 ${alert.recurrenceYears}-year depth, ${inches(alert.threshold)}`
      : `threshold ${inches(alert.threshold)}`;
  return `${alert.locationName}: ${inches(alert.value)} ${what} (${reached})`;
}

const TITLES: Record<AlertKind, string> = {
  exceed24h: '24-hour rainfall threshold exceeded',
  atlas14_24h: 'NOAA Atlas 14 24-hour rainfall exceeded',
  atlas14_1h: 'NOAA Atlas 14 1-hour rainfall exceeded',
  rapidrain: 'RapidRain',
  forecast: 'Rain forecast at or over the threshold',
};

function subjectOf(alerts: readonly AlertToSend[]): string {
  const [first] = alerts;
  if (!first) return '';
  const where = alerts.length === 1 ? first.locationName : `${alerts.length} locations`;
  return `${TITLES[first.kind]}: ${where}`;
}

export interface MessageOptions {
  publicUrl: string;
  timeZone: string;
}

/** The e-mail or SMS for one recipient about one alert, or several combined (the same kind and time). */
export function composeMessage(
  recipient: Recipient,
  alerts: readonly AlertToSend[],
  options: MessageOptions,
): AlertMessage {
  const subject = subjectOf(alerts);
  const lines = alerts.map((alert) => describeAlert(alert, options.timeZone));
  const alertIds = alerts.map((alert) => alert.id);
  const dashboard = `${options.publicUrl}/dashboard`;
  if (recipient.channel === 'sms') {
    return {
      recipient,
      alertIds,
      subject,
      text: `Pluvio ${subject}. ${lines.join('; ')}. ${dashboard}`,
      html: null,
    };
  }
  const { text, html } = layoutEmail(
    [`${subject}.`, ...lines],
    { label: 'Open the dashboard', url: dashboard },
    { text: 'Choose which notifications you receive', url: `${options.publicUrl}/settings-general` },
  );
  return { recipient, alertIds, subject: `Pluvio: ${subject}`, text, html };
}

/**
 * Every message for a set of alerts: each recipient gets one message per alert, or one per
 * account, kind and time when the account combines locations. Addresses are compared ignoring case.
 */
export function planMessages(
  alerts: readonly AlertToSend[],
  recipientsOf: (alert: AlertToSend) => Recipient[],
  options: MessageOptions,
): AlertMessage[] {
  const groups = new Map<string, { recipient: Recipient; alerts: AlertToSend[] }>();
  for (const alert of alerts) {
    const scope = alert.combine
      ? `${alert.clientId} ${alert.kind} ${alert.firedAt.toISOString()}`
      : `alert ${alert.id}`;
    for (const recipient of recipientsOf(alert)) {
      const key = `${scope} ${recipient.channel} ${recipient.address.toLowerCase()}`;
      const group = groups.get(key) ?? { recipient, alerts: [] };
      group.alerts.push(alert);
      groups.set(key, group);
    }
  }
  return [...groups.values()].map((group) => composeMessage(group.recipient, group.alerts, options));
}
