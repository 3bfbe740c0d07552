import { alertTimeLabel } from '@pluvio/shared/alerts';
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

/** "Yard: 0.42 in of rain from Nov 21, 2:00 PM EST to Nov 21, 7:00 PM EST; inspect by Nov 22, 7:00 PM EST." */
export function describeNotice(notice: NoticeCandidate, timeZone: string): string {
  const label = (time: Date) => alertTimeLabel(time, timeZone);
  const storm = `${notice.locationName}: ${notice.total.toFixed(2)} in of rain from ${label(notice.startedAt)} to ${label(notice.endedAt)}`;
  const deadline =
    notice.kind === 'overdue'
      ? `the inspection was due by ${label(notice.dueAt)}`
      : `inspect by ${label(notice.dueAt)}`;
  return `${storm}; ${deadline}.`;
}

/** The e-mail or text of one notice to one recipient, linking to the event's page. */
export function composeInspectionMessage(
  recipient: Channel,
  notice: NoticeCandidate,
  options: InspectionMessageOptions,
): InspectionMessage {
  const title = TITLES[notice.kind];
  const line = describeNotice(notice, options.timeZone);
  const url = `${options.publicUrl}/storm-events/${notice.eventId}`;
  const subject = `${title}: ${notice.locationName}`;
  if (recipient.channel === 'sms') {
    return { recipient, subject, text: `Pluvio ${title}. ${line} ${url}`, html: null };
  }
  const { text, html } = layoutEmail([`${title}.`, line], { label: 'Open the storm event', url });
  return { recipient, subject: `Pluvio: ${subject}`, text, html };
}
