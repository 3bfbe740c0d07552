import { shiftDate } from '@pluvio/shared/calendar';
import type {
  CellValue,
  ReportColumn,
  ReportDocument,
  ReportSection,
} from '../features/reports/report-document';
import { amountFact, fact } from '../features/reports/report-parts';

/**
 * Report documents as `report-content.ts` builds them, made up for the renderers' tests and the
 * benchmark: realistic sizes, deterministic values at full precision, and the awkward names users
 * type (commas, quotes, accents, markup, letters Helvetica cannot draw, very long names).
 */

/** The names the first locations get; the rest are 'Site n, <city>'. */
export const AWKWARD_NAMES = [
  '<script>alert(1)</script>',
  'Dock 4, "North" yard',
  'Café Façade – Peñasco',
  `O'Brien & Sons <Lot 7>`,
  'Łódź 東京 depot',
  'Regional stormwater detention basin at the Interstate 10 and State Highway 6 interchange, east embankment',
];

const CITIES = ['Houston', 'Mobile', 'Tampa', 'Savannah', 'Norfolk', 'Biloxi', 'Galveston', 'Pensacola'];

export function locationName(index: number): string {
  return AWKWARD_NAMES[index] ?? `Site ${index + 1}, ${CITIES[index % CITIES.length]}`;
}

/** A small deterministic generator (mulberry32), so every run draws the same storms. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const DAY_COLUMNS: ReportColumn[] = [
  { key: 'date', label: 'Date', kind: 'date' },
  { key: 'total', label: 'Daily total (in)', kind: 'inches' },
  { key: 'maxHour', label: 'Largest hour (in)', kind: 'inches' },
  { key: 'maxHourAt', label: 'Largest hour (ET)', kind: 'hour' },
  { key: 'crossed', label: '24-hour threshold crossed', kind: 'yesno' },
  { key: 'atlas14', label: 'Atlas 14 interval reached', kind: 'text' },
];

export const SUMMARY_COLUMNS: ReportColumn[] = [
  { key: 'location', label: 'Location', kind: 'text' },
  { key: 'total', label: 'Period total (in)', kind: 'inches' },
  { key: 'rainDays', label: 'Days with rain', kind: 'count' },
  { key: 'wettestDay', label: 'Wettest day', kind: 'date' },
  { key: 'wettestTotal', label: 'Wettest day total (in)', kind: 'inches' },
];

type Row = Record<string, CellValue>;

function dayRows(index: number, from: string, days: number): Row[] {
  const random = randomFrom(index * 7919 + 17);
  return Array.from({ length: days }, (_, offset) => {
    const date = shiftDate(from, offset);
    const rains = random() < 0.45;
    const total = rains ? random() * 2.5 : 0;
    const maxHour = total * (0.2 + random() * 0.6);
    const hour = Math.floor(random() * 24);
    const offsetText = date < '2026-11-01' ? '-04:00' : '-05:00';
    return {
      date,
      total,
      maxHour: rains ? maxHour : 0,
      maxHourAt: rains ? `${date}T${String(hour).padStart(2, '0')}:00:00${offsetText}` : null,
      crossed: total >= 1.5,
      atlas14: total >= 2.2 ? '1-year' : null,
    };
  });
}

function locationSection(index: number, from: string, days: number): ReportSection {
  const rows = dayRows(index, from, days);
  const total = rows.reduce((sum, row) => sum + (row.total as number), 0);
  const rainDays = rows.filter((row) => (row.total as number) > 0).length;
  return {
    heading: locationName(index),
    facts: [
      amountFact('Period total', total, 'inches'),
      fact('Days with rain', rainDays),
      amountFact('24-hour threshold', 1.5, 'inches'),
    ],
    table: { columns: DAY_COLUMNS, rows, emptyText: 'No rain in this period' },
  };
}

function summaryRow(section: ReportSection): Row {
  const rows = section.table.rows;
  const wettest = rows.reduce((best, row) => ((row.total as number) > (best.total as number) ? row : best));
  return {
    location: section.heading,
    total: rows.reduce((sum, row) => sum + (row.total as number), 0),
    rainDays: rows.filter((row) => (row.total as number) > 0).length,
    wettestDay: (wettest.total as number) > 0 ? (wettest.date ?? null) : null,
    wettestTotal: wettest.total ?? null,
  };
}

/** A monthly report of `locations` locations over `days` days from 2026-10-01. */
export function monthlyDocument(locations: number, days = 31): ReportDocument {
  const from = '2026-10-01';
  const sections = Array.from({ length: locations }, (_, index) => locationSection(index, from, days));
  return {
    title: 'Monthly Rainfall Report',
    accountName: 'Gulf Coast Builders, Inc.',
    period: { from, to: shiftDate(from, days - 1) },
    generatedAt: '2026-11-01T06:00:00-05:00',
    timeZoneLabel: 'ET',
    facts: [
      fact('Locations', locations),
      fact('Data', 'Pass 2 (final), simulator'),
      amountFact('Historical fee charged', 24, 'money'),
    ],
    notes: [
      'Daily totals are for calendar days in Eastern Time (midnight to midnight).',
      'A dash (—) means no rainfall data is stored for that day yet.',
    ],
    summary: { columns: SUMMARY_COLUMNS, rows: sections.map(summaryRow), emptyText: 'No locations' },
    sectionLabel: 'Location',
    sections,
    filenameBase: 'pluvio-monthly-2026-10',
  };
}

/** An installation report without sections: SMS deliveries, some of them failed. */
export function smsDocument(messages: number): ReportDocument {
  const statuses = ['Delivered', 'Failed', 'Delivered', 'Undelivered', 'Received'];
  return {
    title: 'SMS Delivery Report',
    accountName: null,
    period: { from: '2026-10-01', to: '2026-10-07' },
    generatedAt: '2026-10-08T09:30:00-04:00',
    timeZoneLabel: 'ET',
    facts: [{ label: 'Messages', value: String(messages) }],
    notes: [],
    summary: {
      columns: [
        { key: 'sentAt', label: 'Sent (ET)', kind: 'datetime' },
        { key: 'to', label: 'To', kind: 'text' },
        { key: 'status', label: 'Status', kind: 'text' },
        { key: 'body', label: 'Message', kind: 'text' },
        { key: 'attempts', label: 'Attempts', kind: 'count' },
        { key: 'seconds', label: 'Delivery time (s)', kind: 'seconds' },
        { key: 'cost', label: 'Cost', kind: 'money' },
      ],
      rows: Array.from({ length: messages }, (_, index) => ({
        sentAt: `2026-10-0${1 + (index % 7)}T${String(6 + (index % 12)).padStart(2, '0')}:15:00-04:00`,
        to: `+1713555${String(1000 + index).padStart(4, '0')}`,
        status: statuses[index % statuses.length] ?? 'Delivered',
        body: `Pluvio alert: ${locationName(index)} had 1.62 in of rain in the last 24 hours, over its 1.50 in threshold.`,
        attempts: 1 + (index % 3),
        seconds: index % 2 === 0 ? 2.25 + index : null,
        cost: 0.0079,
      })),
      emptyText: 'No messages',
    },
    sectionLabel: 'Message',
    sections: [],
    filenameBase: 'pluvio-sms-2026-10-01-2026-10-07',
  };
}
