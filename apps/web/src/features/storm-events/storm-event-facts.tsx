import { NOT_ENDED, stormInches, stormTimeLabel } from '@pluvio/shared/storm-event-views';
import { INSPECTION_RULE_LABELS } from '@pluvio/shared/storm-events';
import type { StormEventDetail } from '@pluvio/shared/storm-events-api';
import { FactList } from './detail-page';

/** When the inspection is due; while the event is open, when it will be if no more rain falls. */
function dueBy(event: StormEventDetail, time: (instant: string) => string): string {
  if (event.due_at) return time(event.due_at);
  if (event.due_if_dry_at) return `${time(event.due_if_dry_at)} if no more rain falls`;
  return 'When the rain has ended';
}

function facts(event: StormEventDetail, timeZone: string): [string, string][] {
  const time = (instant: string) => stormTimeLabel(instant, timeZone);
  const wettest = event.wettest_hour;
  return [
    ['Started', time(event.started_at)],
    ['Ended', event.ended_at ? time(event.ended_at) : NOT_ENDED],
    ['Threshold reached', time(event.opened_at)],
    ['Total', stormInches(event.total)],
    ['Wettest hour', `${stormInches(wettest.amount)}, hour ending ${time(wettest.ends_at)}`],
    ['Source', event.source_label],
    ['Permit threshold', `${stormInches(event.threshold)} within 24 hours`],
    ['Inspection rule', INSPECTION_RULE_LABELS[event.inspection_rule]],
    ['Due by', dueBy(event, time)],
  ];
}

/** The event's facts as a list of terms and values. */
export function StormEventFacts({ event, timeZone }: { event: StormEventDetail; timeZone: string }) {
  return <FactList facts={facts(event, timeZone)} />;
}
