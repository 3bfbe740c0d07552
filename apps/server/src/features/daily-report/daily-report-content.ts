import type { Atlas14Threshold } from '@pluvio/shared/locations';
import { reachesThreshold, recurrenceReached } from '@pluvio/shared/rainfall';
import { type EmailContent, layoutEmail } from '../../core/lib/email-layout';
import { dateLabel } from '../../core/lib/time';
import { SMS_MAX_CHARACTERS, smsText } from '../notifications';

/** A location as the report shows it: yesterday's total with its threshold and Atlas 14 depths. */
export interface ReportLocation {
  id: number;
  name: string;
  total: number;
  threshold: number;
  atlas14: Atlas14Threshold | null;
}

/** The account's report settings (spec part 2 §3) and whether its level shows NOAA Atlas 14. */
export interface ReportSettings {
  /** Named in every message: one person may get the reports of several accounts. */
  accountName: string;
  combineLocations: boolean;
  suppressZero: boolean;
  onlyNonZero: boolean;
  sortByRainfall: boolean;
  showAtlas14: boolean;
}

/** What every message of one day's report shares. */
export interface ReportDay {
  /** The day reported on, YYYY-MM-DD in the product time zone. */
  date: string;
  timeZone: string;
  publicUrl: string;
  /** Hours of the day whose rainfall was processed when the report was made, of `hoursInDay`. */
  hoursAvailable: number;
  hoursInDay: number;
}

export interface ReportEmail extends EmailContent {
  subject: string;
}

const inches = (value: number) => `${value.toFixed(2)} in`;
const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
const hundredths = (location: ReportLocation) => Math.round(location.total * 100);
/** Rain that shows as at least 0.01 in (D1: two decimals on display); less reads as 0.00, so dry. */
const isWet = (location: ReportLocation) => hundredths(location) > 0;

function timeZoneLabel(timeZone: string, date: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' }).formatToParts(
    new Date(`${date}T12:00:00Z`),
  );
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/** Wettest first as the report shows the totals (two decimals), then by name. */
function byRainfallThenName(a: ReportLocation, b: ReportLocation): number {
  return hundredths(b) - hundredths(a) || a.name.localeCompare(b.name);
}

const byName = (a: ReportLocation, b: ReportLocation) => a.name.localeCompare(b.name);

/**
 * The locations each message covers: all of them in one message when the account combines
 * locations, else one message per location. A message about nothing but dry locations is not
 * sent when the account suppresses zero reports.
 */
export function reportGroups(
  locations: readonly ReportLocation[],
  settings: ReportSettings,
): ReportLocation[][] {
  const sorted = [...locations].sort(settings.sortByRainfall ? byRainfallThenName : byName);
  const groups = settings.combineLocations ? [sorted] : sorted.map((location) => [location]);
  return groups.filter((group) => group.length > 0 && (!settings.suppressZero || group.some(isWet)));
}

/** The Atlas 14 context of a daily total: the largest recurrence interval reached, or the 1-year depth. */
export function atlas14Context(location: ReportLocation): string {
  const depths = location.atlas14?.['24h'] ?? [];
  const [oneYear] = depths;
  if (oneYear === undefined) return 'No Data';
  const years = recurrenceReached(location.total, depths);
  return years > 0 ? `${years}-year exceeded` : `below 1-year (${inches(oneYear)})`;
}

function thresholdNote(location: ReportLocation): string {
  return reachesThreshold(location.total, location.threshold) ? 'over threshold' : 'under threshold';
}

function rowText(location: ReportLocation, settings: ReportSettings): string {
  const atlas = settings.showAtlas14 ? `; NOAA Atlas 14 24-hour: ${atlas14Context(location)}` : '';
  return `${location.name}: ${inches(location.total)} (threshold ${inches(location.threshold)}, ${thresholdNote(location)}${atlas})`;
}

function tableOf(locations: readonly ReportLocation[], settings: ReportSettings) {
  const head = [
    'Location',
    'Rainfall',
    'Threshold',
    ...(settings.showAtlas14 ? ['NOAA Atlas 14 24-hour'] : []),
  ];
  return {
    head,
    rows: locations.map((location) => ({
      cells: [
        location.name,
        inches(location.total),
        `${inches(location.threshold)} (${thresholdNote(location).replace(' threshold', '')})`,
        ...(settings.showAtlas14 ? [atlas14Context(location)] : []),
      ],
      text: rowText(location, settings),
    })),
  };
}

function shownLocations(group: readonly ReportLocation[], settings: ReportSettings): ReportLocation[] {
  return settings.onlyNonZero ? group.filter(isWet) : [...group];
}

function summaryOf(group: readonly ReportLocation[], shown: readonly ReportLocation[]): string[] {
  if (group.length === 1) return [];
  if (!group.some(isWet)) return [`No rainfall at any of your ${group.length} locations.`];
  const over = group.filter((location) => reachesThreshold(location.total, location.threshold)).length;
  const hidden = group.length - shown.length;
  return [
    over > 0
      ? `${counted(over, 'location')} of ${group.length} reached the threshold.`
      : `None of your ${group.length} locations reached the threshold.`,
    ...(hidden > 0
      ? [`${counted(hidden, 'location')} with no rainfall ${hidden === 1 ? 'is' : 'are'} not listed.`]
      : []),
  ];
}

function completenessNote(day: ReportDay): string[] {
  if (day.hoursAvailable >= day.hoursInDay) return [];
  return [
    `Only ${day.hoursAvailable} of the day's ${day.hoursInDay} hours of rainfall data had been processed when this report was made; the totals may rise.`,
  ];
}

/** The report e-mail about one group of locations: a table with the thresholds and Atlas 14 context. */
export function composeReportEmail(
  group: readonly ReportLocation[],
  settings: ReportSettings,
  day: ReportDay,
): ReportEmail {
  const shown = shownLocations(group, settings);
  const about = group.length === 1 && group[0] ? group[0].name : settings.accountName;
  const subject = `Pluvio daily rainfall report: ${about}, ${dateLabel(day.date, 'short')}`;
  const { text, html } = layoutEmail(
    [
      `Rainfall at the locations of ${settings.accountName} on ${dateLabel(day.date, 'long')}, midnight to midnight ${timeZoneLabel(day.timeZone, day.date)}.`,
      ...completenessNote(day),
      ...summaryOf(group, shown),
      ...(shown.length > 0 ? [tableOf(shown, settings)] : []),
    ],
    { label: 'Open the dashboard', url: `${day.publicUrl}/dashboard` },
    { text: 'Choose which notifications you receive', url: `${day.publicUrl}/settings-general` },
  );
  return { subject, text, html };
}

/**
 * The report as one text of at most 320 characters: as many locations as fit, wettest or first
 * by name as the account sorts, then "+N more" and the dashboard link, which is never cut.
 */
export function composeReportSms(
  group: readonly ReportLocation[],
  settings: ReportSettings,
  day: ReportDay,
): string {
  const shown = shownLocations(group, settings);
  const head = `Pluvio rainfall ${dateLabel(day.date, 'short')}, ${settings.accountName}:`;
  const link = `${day.publicUrl}/dashboard`;
  const entries = shown.map(
    (location) =>
      `${location.name} ${inches(location.total)}${reachesThreshold(location.total, location.threshold) ? ` (over ${location.threshold.toFixed(2)})` : ''}`,
  );
  const compose = (count: number) => {
    const rest = entries.length - count;
    const parts = [entries.slice(0, count).join(', '), rest > 0 ? `+${rest} more` : ''].filter(Boolean);
    const body = entries.length === 0 ? `no rain at ${yourLocations(group.length)}` : parts.join('; ');
    return `${head} ${body}. ${link}`;
  };
  for (let count = entries.length; count > 0; count--) {
    const text = compose(count);
    if (Array.from(text).length <= SMS_MAX_CHARACTERS) return text;
  }
  return smsText(compose(0));
}

function yourLocations(count: number): string {
  return count === 1 ? 'your location' : `your ${count} locations`;
}
