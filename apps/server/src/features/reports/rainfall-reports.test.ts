import { historicalFeeWords } from '@pluvio/shared/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountAccess } from '../../core/access';
import { productTimestamp } from '../../core/lib/time';
import { bearer, buildOwnedClient, login } from '../../test/factories';
import { hourlyScript, scriptedIngestion, TEST_ATLAS14 } from '../../test/scripted-source';
import { createTestApp, manualClock, type TestApp, testReportContent } from '../../test/test-app';
import { sumOfRainfall } from '../rainfall/rainfall.service';
import type { ReportDocument, ReportSection, ReportSubject } from './report-document';

const HOUR = 3_600_000;
/** 09:05 EST on Saturday 2026-11-21: today in the product time zone. */
const NOW = new Date('2026-11-21T14:05:00Z');
const HEAVY = 30; // 0.1 an hour: 2.4 in a 24-hour day, 2.5 on the 25-hour 2026-11-01
const VARIED = 33; // a pattern with dry hours

function hourly(endsAt: Date, latitude: number): number {
  if (latitude === HEAVY) return 0.1;
  if (latitude === VARIED) return (((endsAt.getTime() / HOUR) * 7) % 5) * 0.05;
  return 0;
}

interface Account {
  access: AccountAccess;
  token: string;
  ids: Record<string, number>;
}

describe('rainfall report content', () => {
  let t: TestApp;
  const clock = manualClock(NOW);
  let gold: Account;
  let bronze: Account;

  async function account(tier: 'gold' | 'bronze'): Promise<Account> {
    const { user, client } = await buildOwnedClient(t.services, undefined, { tier });
    const sites = [
      { name: 'Heavy at 2.4', latitude: HEAVY, h24Threshold: 2.4, rapidrainThreshold: 0.025 },
      { name: 'Heavy at 2.5', latitude: HEAVY, h24Threshold: 2.5, rapidrainThreshold: null },
      { name: 'Varied', latitude: VARIED, h24Threshold: 0.5, rapidrainThreshold: 0.05 },
      { name: 'No Atlas', latitude: HEAVY, h24Threshold: 3, rapidrainThreshold: 0.03, atlas: false },
    ];
    const rows = await t.services.locations.createMany(
      sites.map((site) => ({
        clientId: client.id,
        name: site.name,
        latitude: site.latitude,
        longitude: -90,
        h24Threshold: site.h24Threshold,
        rapidrainThreshold: site.rapidrainThreshold,
        atlas14Threshold: site.atlas === false ? null : TEST_ATLAS14,
      })),
    );
    return {
      access: await t.services.accounts.accessFor(user, client.id),
      token: (await login(t.app, user.email)).token,
      ids: Object.fromEntries(rows.map((row) => [row.name, row.id])),
    };
  }

  beforeAll(async () => {
    t = await createTestApp({ clock });
    gold = await account('gold');
    bronze = await account('bronze');
    const ingestion = scriptedIngestion(t, clock, hourlyScript(hourly));
    await ingestion.ingestRange(new Date('2026-11-18T05:00:00Z'), NOW);
    // The daylight-saving day in New York: 2026-11-01 has 25 hours.
    await ingestion.ingestRange(new Date('2026-10-31T04:00:00Z'), new Date('2026-11-02T05:00:00Z'));
  }, 120_000);
  afterAll(() => t.close());

  const content = () => testReportContent(t, clock, { totalsByAccount: async () => new Map() });

  function subject(of: Account, type: ReportSubject['type'], from: string, to: string, names?: string[]) {
    return {
      type,
      access: of.access,
      from,
      to,
      locationIds: (names ?? Object.keys(of.ids)).map((name) => of.ids[name] as number),
      smsStatus: 'all',
      sort: { field: 'queuedTime', direction: 'desc' },
      feeDollars: null,
    } satisfies ReportSubject;
  }

  const sectionOf = (document: ReportDocument, heading: string) =>
    document.sections.find((section) => section.heading === heading) as ReportSection;
  const rowOn = (section: ReportSection, date: string) => section.table.rows.find((row) => row.date === date);
  const factOf = (section: { facts: { label: string; value: string }[] }, label: string) =>
    section.facts.find((entry) => entry.label === label)?.value;
  const api = (url: string, token: string) =>
    t.app.inject({ url, headers: bearer(token) }).then((r) => r.json());

  it('lists every day of the month up to today per location, in the order asked, with the daily data API’s totals', async () => {
    const order = ['Varied', 'Heavy at 2.4', 'No Atlas', 'Heavy at 2.5'];
    const progress: number[] = [];
    const document = await content().build(subject(gold, 'monthly', '2026-11-01', '2026-11-30', order), (f) =>
      progress.push(f),
    );
    expect(document).toMatchObject({
      title: 'Monthly Rainfall Report — November 2026',
      accountName: gold.access.client.accountName,
      period: { from: '2026-11-01', to: '2026-11-30' },
      timeZoneLabel: 'ET',
      sectionLabel: 'Location',
      filenameBase: 'pluvio-monthly-2026-11',
      generatedAt: '2026-11-21T09:05:00-05:00',
    });
    expect(document.sections.map((section) => section.heading)).toEqual(order);
    expect(document.notes).toContain('Days after today (Nov 21, 2026) are not listed.');
    expect(document.notes).toContain(
      'Today (Nov 21, 2026) is not over: its figures cover the hours processed when this report was made, not the quarter hours since, which the dashboard adds as provisional.',
    );
    expect(progress.at(-1)).toBe(1);
    for (const name of order) {
      const section = sectionOf(document, name);
      // The days before today agree with the daily data API; today's row counts the processed
      // hours only (the note says so), while the API adds the quarter hours since, provisional.
      const daily = await api(`/api/locations/${gold.ids[name]}/24h_data/2026-11-01/2026-11-20`, gold.token);
      const rows = section.table.rows.map((row) => [row.date, row.total] as const);
      expect(rows.slice(0, -1)).toEqual(
        daily.items.map((item: { date: string; rainfall: number }) => [item.date, item.rainfall]),
      );
      expect(rows.at(-1)?.[0]).toBe('2026-11-21');
      const periodTotal = sumOfRainfall(rows.map(([, total]) => Number(total)));
      expect(factOf(section, 'Period total')).toBe(`${periodTotal.toFixed(2)} in`);
      const summary = document.summary?.rows.find((row) => row.location === name);
      expect(summary?.total).toBe(periodTotal);
      // Written as the tables write dates, not as stored.
      expect(factOf(section, 'Wettest day')).toMatch(/^Nov \d{1,2}, 2026 \(\d+\.\d{2} in\)$/);
    }
  });

  it('counts the hours not processed yet in the data note, in words that agree with the count', async () => {
    const noteAt = async (now: Date) => {
      clock.set(now);
      const document = await content().build(subject(gold, 'daily', '2026-11-21', '2026-11-21', ['Varied']));
      return document.notes.find((note) => note.startsWith('Rainfall data:'));
    };
    try {
      // Ingestion ran up to 09:05: one of the day's hours is not stored yet, and an hour later two.
      expect(await noteAt(NOW)).toContain('; 1 hour not processed yet counts as no rain.');
      expect(await noteAt(new Date(NOW.getTime() + HOUR))).toContain(
        '; 2 hours not processed yet count as no rain.',
      );
    } finally {
      clock.set(NOW);
    }
  });

  it('gives the 25-hour daylight-saving day its whole rain and each day’s largest hour as the hourly data API has it', async () => {
    const document = await content().build(subject(gold, 'daily', '2026-10-31', '2026-11-02'));
    expect(document.title).toBe('Custom Range Rainfall Report');
    expect(document.filenameBase).toBe('pluvio-custom-2026-10-31-2026-11-02');
    expect(rowOn(sectionOf(document, 'Heavy at 2.4'), '2026-11-01')?.total).toBeCloseTo(2.5, 6);
    expect(rowOn(sectionOf(document, 'Heavy at 2.4'), '2026-10-31')?.total).toBeCloseTo(2.4, 6);
    const varied = sectionOf(document, 'Varied');
    expect(rowOn(varied, '2026-11-02')).toMatchObject({
      total: 0,
      largestHour: null,
      largestHourStarted: null,
    });
    for (const date of ['2026-10-31', '2026-11-01']) {
      const hours = Object.entries(
        (await api(`/api/locations/${gold.ids.Varied}/hourly_data?days=1&date=${date}`, gold.token))
          .hourly_data,
      ) as [string, { total: number }][];
      const largest = Math.max(...hours.map(([, hour]) => hour.total));
      expect(largest).toBeGreaterThan(0);
      // The API names an hour by its end; the report by its start, so it stays within its day.
      const [firstLargest = ''] = hours.find(([, hour]) => hour.total === largest) ?? [];
      const started = productTimestamp(new Date(Date.parse(firstLargest) - HOUR), 'America/New_York');
      expect(rowOn(varied, date)).toMatchObject({ largestHour: largest, largestHourStarted: started });
    }
  });

  it('marks the 24-hour threshold reached when the day’s total equals it', async () => {
    const document = await content().build(subject(gold, 'weekly', '2026-10-31', '2026-11-02'));
    expect(document.title).toBe('Weekly Rainfall Report');
    const equal = sectionOf(document, 'Heavy at 2.4');
    const above = sectionOf(document, 'Heavy at 2.5');
    expect(rowOn(equal, '2026-10-31')?.threshold).toBe(true);
    expect(rowOn(above, '2026-10-31')?.threshold).toBe(false);
    expect(rowOn(above, '2026-11-01')?.threshold).toBe(true);
    expect(factOf(above, 'Days at or over the threshold')).toBe('1');
  });

  it('names the Atlas 14 recurrence interval reached from silver up, No Data without Atlas 14, and leaves the column out below', async () => {
    const goldDocument = await content().build(subject(gold, 'daily', '2026-10-31', '2026-11-02'));
    expect(rowOn(sectionOf(goldDocument, 'Heavy at 2.4'), '2026-10-31')?.atlas14).toBe('2-year');
    expect(rowOn(sectionOf(goldDocument, 'Heavy at 2.4'), '2026-11-01')?.atlas14).toBe('2-year');
    expect(rowOn(sectionOf(goldDocument, 'No Atlas'), '2026-10-31')?.atlas14).toBe('No Data');
    expect(rowOn(sectionOf(goldDocument, 'Heavy at 2.4'), '2026-11-02')?.atlas14).toBe('Below 1-year');
    const bronzeDocument = await content().build(subject(bronze, 'daily', '2026-10-31', '2026-11-02'));
    for (const section of bronzeDocument.sections) {
      expect(section.table.columns.map((column) => column.key)).not.toContain('atlas14');
      expect(section.table.rows[0]).not.toHaveProperty('atlas14');
    }
  });

  it('names the data pass, the source and the historical fee', async () => {
    const document = await content().build({
      ...subject(gold, 'historical', '2026-10-31', '2026-11-01'),
      feeDollars: 25,
    });
    expect(document.title).toBe('Historical Rainfall Report');
    // 24 + 25 hours, all stored as Pass 2 by the time of the run.
    expect(document.notes).toContain(
      "Rainfall data: of the period's 49 hours so far, 49 are the revised estimate (Pass 2) and 0 the first estimate (Pass 1). Source: scripted.",
    );
    expect(document.notes).toContain(historicalFeeWords(25));
    expect(factOf(document, 'Historical fee charged')).toBe('$25.00');
  });

  it('lists every 15-minute interval at or over the RapidRain threshold, the 24-hour one when there is none', async () => {
    const document = await content().build(subject(gold, 'rapidrain', '2026-11-18', '2026-11-21'));
    expect(document.title).toBe('RapidRain Report');
    const quarters = async (id: number) =>
      t.services.rainfall.series('15m', id, new Date('2026-11-18T05:15:00Z'), NOW);
    for (const [name, threshold] of [
      ['Heavy at 2.4', 0.025],
      ['Varied', 0.05],
      ['Heavy at 2.5', 2.5],
      ['No Atlas', 0.03],
    ] as const) {
      const expected = (await quarters(gold.ids[name] as number)).filter(
        (point) => Math.round(point.amount * 1e6) >= Math.round(threshold * 1e6),
      );
      const section = sectionOf(document, name);
      expect(section.table.rows.map((row) => row.amount)).toEqual(expected.map((point) => point.amount));
      expect(section.table.rows.every((row) => row.threshold === threshold)).toBe(true);
      expect(factOf(section, '15-minute intervals at or over')).toBe(String(expected.length));
    }
    expect(sectionOf(document, 'Heavy at 2.4').table.rows.length).toBeGreaterThan(0);
    expect(factOf(sectionOf(document, 'Heavy at 2.4'), 'Largest 15 minutes')).toMatch(
      /^0\.03 in ending Nov \d{1,2}, 2026 \d{1,2}:\d{2} [AP]M$/,
    );
    expect(factOf(sectionOf(document, 'Heavy at 2.5'), 'RapidRain threshold')).toBe(
      '2.50 in (the 24-hour threshold)',
    );
  });
});
