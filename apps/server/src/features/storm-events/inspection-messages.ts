import { alertTimeLabel } from '@pluvio/shared/alerts';
import { routineInspectionsPath, stormEventPath } from '@pluvio/shared/navigation';
import { layoutEmail } from '../../core/lib/email-layout';
import type { InspectionNoticeKind } from '../../core/tables/storm-events';
import type { Channel, ChannelMessage } from '../notifications';
import type { NoticeCandidate } from './inspection-notices.repository';

export type InspectionMessage = ChannelMessage;

export interface InspectionMessageOptions {
  publicUrl: string;
  timeZone: string;
}

const TITLES: Record<InspectionNoticeKind, string> = {
  due: 'Inspection due',
  reminder: 'Inspection due in 4 hours',
  overdue: 'Inspection overdue',
};

/** What the notice is about: the storm, or the routine cadence and the last inspection. */
function describeSubject(notice: NoticeCandidate, label: (time: Date) => string): string {
  if (notice.subject === 'event') {
    return `${notice.locationName}: ${notice.total.toFixed(2)} in of rain from ${label(notice.startedAt)} to ${label(notice.endedAt)}`;
  }
  const last = notice.lastInspectedAt ? `last one ${label(notice.lastInspectedAt)}` : 'none recorded yet';
  return `${notice.locationName}: routine inspection every ${notice.cadenceDays} days, ${last}`;
}

/**
 * "Yard: 0.42 in of rain from Nov 21, 2:00 PM EST to Nov 21, 7:00 PM EST; inspect by Nov 22, 7:00 PM EST."
 * "Yard: routine inspection every 7 days, last one Nov 20, 2:30 PM EST; inspect by Nov 27, 11:59 PM EST."
 */
export function describeNotice(notice: NoticeCandidate, timeZone: string): string {
  const label = (time: Date) => alertTimeLabel(time, timeZone);
  const deadline =
    notice.kind === 'overdue'
      ? `the ${notice.subject === 'routine' ? 'routine ' : ''}inspection was due by ${label(notice.dueAt)}`
      : `inspect by ${label(notice.dueAt)}`;
  return `${describeSubject(notice, label)}; ${deadline}.`;
}

/** The page the notice links to: the storm event's, or the location's routine inspections. */
function pageOf(notice: NoticeCandidate): { label: string; path: string } {
  return notice.subject === 'event'
    ? { label: 'Open the storm event', path: stormEventPath(notice.eventId) }
    : { label: 'Open the routine inspections', path: routineInspectionsPath(notice.locationId) };
}

/** The e-mail or text of one notice to one recipient, linking to the event's page. */
export function composeInspectionMessage(
  recipient: Channel,
  notice: NoticeCandidate,
  options: InspectionMessageOptions,
): InspectionMessage {
  const title =
    notice.subject === 'routine' ? `Routine ${TITLES[notice.kind].toLowerCase()}` : TITLES[notice.kind];
  const line = describeNotice(notice, options.timeZone);
  const page = pageOf(notice);
  const url = `${options.publicUrl}${page.path}`;
  const subject = `${title}: ${notice.locationName}`;
  if (recipient.channel === 'sms') {
    return { recipient, subject, text: `Pluvio ${title}. ${line} ${url}`, html: null };
  }
  const { text, html } = layoutEmail([`${title}.`, line], { label: page.label, url });
  return { recipient, subject: `Pluvio: ${subject}`, text, html };
}
