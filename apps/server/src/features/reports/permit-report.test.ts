import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@pluvio/shared/messages';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { InjectOptions } from 'fastify';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stormEventRevisions, stormEvents } from '../../core/tables/storm-events';
import { bearer, buildOwnedClient, login } from '../../test/factories';
import { hasPdftotext, pdfPages, popplerOutput } from '../../test/pdf-pages';
import { jpegPhoto, photoForm } from '../../test/photos';
import { scriptedIngestion } from '../../test/scripted-source';
import { fullInspection } from '../../test/storm-events';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);
/** Rain at the site on 10 November 2026 (hours ending 10:00 to 13:00 UTC): 0.80 in, ending 8:00 AM EST. */
const LATITUDE = 33.37;
const RAIN: Record<number, number> = { 10: 0.2, 11: 0.3, 12: 0.2, 13: 0.1 };
const RANGE = '2026-11-01/2026-11-12';
/** The storm ended at 8:00 AM EST on Nov 10; inspections within 24 hours are due by 8:00 AM on Nov 11. */
const DUE = 'Nov 11, 2026 8:00 AM';

describe('the permit report: storm events and inspections (issue 28 point 6)', () => {
  const clock = manualClock(at('2026-11-10T08:00:00Z'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pluvio-permit-test-'));
  let t: TestApp;
  let owner: string;
  let site: number;
  let bronze: { token: string; location: number };
  let foreignLocation: number;

  const call = (token: string, options: InjectOptions & { url: string }) =>
    t.app.inject({ ...options, headers: bearer(token) });

  async function account(tier: 'silver' | 'bronze', name: string, latitude: number) {
    const { user } = await buildOwnedClient(t.services, undefined, { tier, accountName: `${name} builders` });
    const token = (await login(t.app, user.email)).token;
    const created = await call(token, {
      method: 'POST',
      url: '/api/locations',
      payload: { name, latitude, longitude: -90, h24_threshold: 1 },
    });
    return { email: user.email, token, location: created.json().id as number };
  }

  /** Rain stored hour by hour, and the storm detection run after each hour, as the jobs do. */
  async function rainAndDetect(until: Date) {
    const ingestion = scriptedIngestion(
      t,
      clock,
      (key, point) =>
        point.latitude === LATITUDE &&
        key.product === '1h' &&
        key.endsAt.toISOString().startsWith('2026-11-10')
          ? (RAIN[key.endsAt.getUTCHours()] ?? 0)
          : 0,
      1,
    );
    for (let now = clock.now().getTime(); now <= until.getTime(); now += HOUR) {
      clock.set(new Date(now));
      await ingestion.ingestDue();
      await t.services.stormDetection.detectDue();
    }
  }

  async function taskFile(format: 'pdf' | 'excel' | 'csv' | 'html', token = owner) {
    const queued = await call(token, {
      method: 'POST',
      url: `/api/reports/permit_by_date_range/${RANGE}`,
      payload: { email_format: format, locations: [site] },
    });
    expect(queued.statusCode, format).toBe(202);
    expect(await t.services.reports.runDue()).toBe(1);
    const file = await call(token, { url: `/api/tasks/${queued.json().task_id}/file` });
    expect(file.statusCode).toBe(200);
    return file;
  }

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { DATA_DIR: dataDir } });
    const silver = await account('silver', 'North Gate', LATITUDE);
    site = silver.location;
    const bronzeAccount = await account('bronze', 'Bronze Lot', 34.5);
    foreignLocation = (await account('silver', 'Elsewhere', 35.5)).location;
    // The site's history counts as filled, so the detection searches it at once; a state permit's 0.5 in.
    await t.database.db.execute(sql`delete from rainfall_history_fills where location_id = ${site}`);
    await t.database.db.execute(sql`update locations set storm_threshold = 0.5 where id = ${site}`);
    await rainAndDetect(at('2026-11-10T20:00:00Z'));

    // Access tokens last minutes and the clock moved hours: sign in again.
    owner = (await login(t.app, silver.email)).token;
    const events = (await call(owner, { url: `/api/storm-events?location_id=${site}` })).json().items;
    expect(events).toHaveLength(1);
    const recorded = await call(owner, {
      method: 'POST',
      url: `/api/storm-events/${events[0].id}/inspections`,
      payload: fullInspection('2026-11-10T14:30:00-05:00'),
    });
    expect(recorded.statusCode).toBe(201);
    const photo = photoForm([{ name: 'north-fence.jpg', bytes: await jpegPhoto(), type: 'image/jpeg' }]);
    const added = await call(owner, {
      method: 'POST',
      url: `/api/inspections/${recorded.json().id}/photos`,
      payload: photo,
    });
    expect(added.statusCode).toBe(201);
    const routine = await call(owner, {
      method: 'POST',
      url: '/api/inspections',
      payload: {
        location_id: site,
        inspected_at: '2026-11-10T15:00:00-05:00',
        findings: 'Weekly walk: all fine.',
      },
    });
    expect(routine.statusCode).toBe(201);
    clock.set(at('2026-11-12T15:00:00Z'));
    owner = (await login(t.app, silver.email)).token;
    bronze = { token: (await login(t.app, bronzeAccount.email)).token, location: bronzeAccount.location };
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows the event with its total, source, due time and inspection in HTML', async () => {
    const response = await call(owner, { url: `/api/reports/permit_by_date_range/${RANGE}/${site}` });
    expect(response.statusCode).toBe(200);
    const text = response.body.replaceAll('&nbsp;', ' ');
    for (const words of [
      'Storm Events and Inspections',
      'North Gate',
      'Nov 10, 2026 4:00 AM',
      '0.80',
      '0.50',
      'Within 24 hours',
      'scripted data, Pass 2',
      DUE,
      'Inspected',
      'Nov 10, 2026 2:30 PM',
      'Test User',
      'Silt fence, north side; Inlet protection',
      'Silt fence sagging at the NE corner.',
      'Re-stake the silt fence (Due Nov 12, 2026, not completed)',
    ])
      expect(text, words).toContain(words);
  });

  it('lists the event and then its inspection as CSV rows', async () => {
    const response = await call(owner, {
      url: `/api/reports/permit_by_date_range/${RANGE}/${site}?format=csv`,
    });
    const [header = [], ...rows] = Papa.parse<string[]>(response.body.replace(/^\uFEFF/, ''), {
      skipEmptyLines: true,
    }).data;
    const records = rows.map((row) => Object.fromEntries(header.map((label, index) => [label, row[index]])));
    expect(records).toHaveLength(3);
    expect(records[0]).toMatchObject({
      'Location and list': 'North Gate: storm events',
      'Started (ET)': '2026-11-10T04:00:00-05:00',
      'Ended (ET)': '2026-11-10T08:00:00-05:00',
      'Total (in)': '0.80',
      'Wettest hour (in)': '0.30',
      'Threshold (in per 24 h)': '0.50',
      'Inspection due by (ET)': '2026-11-11T08:00:00-05:00',
      Inspection: 'Inspected',
      'Inspected at (ET)': '2026-11-10T14:30:00-05:00',
    });
    expect(records[1]).toMatchObject({
      'Location and list': 'North Gate: inspections',
      Kind: 'Storm',
      'Started (ET)': '2026-11-10T04:00:00-05:00',
      'Inspected at (ET)': '2026-11-10T14:30:00-05:00',
      Inspector: 'Test User',
      'Counts for the storm': 'yes',
      'BMPs inspected': 'Silt fence, north side; Inlet protection',
      Findings: 'Silt fence sagging at the NE corner.',
      'Corrective actions': 'Re-stake the silt fence (Due Nov 12, 2026, not completed)',
      Photos: '1',
    });
    expect(records[2]).toMatchObject({
      'Location and list': 'North Gate: inspections',
      Kind: 'Routine',
      'Started (ET)': '',
      'Inspected at (ET)': '2026-11-10T15:00:00-05:00',
      'Counts for the storm': '',
      Findings: 'Weekly walk: all fine.',
      Photos: '0',
    });
  });

  it('keeps the figures as numbers and dates in the Excel file', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array((await taskFile('excel')).rawPayload).buffer);
    /** The first row's cell under `label` of the sheet's table, whose header starts with `first`. */
    const cellOf = (sheetName: string, first: string) => {
      const sheet = workbook.getWorksheet(sheetName);
      if (!sheet) throw new Error(`no ${sheetName} sheet`);
      let header = 1;
      while (header < sheet.rowCount && sheet.getCell(header, 1).value !== first) header++;
      const labels = (sheet.getRow(header).values as ExcelJS.CellValue[]).slice(1);
      return (label: string) => sheet.getCell(header + 1, labels.indexOf(label) + 1);
    };
    const event = cellOf('North Gate storm events', 'Started (ET)');
    expect(event('Total (in)').value).toBeCloseTo(0.8, 6);
    expect(event('Total (in)').numFmt).toBe('0.00');
    // Excel has no zones: a time is stored as its wall time in the product time zone.
    expect(event('Inspection due by (ET)').value).toEqual(at('2026-11-11T08:00:00Z'));
    expect(event('Inspection').value).toBe('Inspected');
    const inspection = cellOf('North Gate inspections', 'Kind');
    expect(inspection('Inspector').value).toBe('Test User');
    expect(inspection('Inspected at (ET)').value).toEqual(at('2026-11-10T14:30:00Z'));
  });

  it.runIf(hasPdftotext)('lists the event and its inspection in the PDF', async () => {
    const file = await taskFile('pdf');
    expect(file.headers['content-type']).toBe('application/pdf');
    const text = pdfPages(file.rawPayload).join('\n');
    for (const words of [
      'Storm Events and Inspections',
      'North Gate: storm events',
      '0.80',
      'Nov 11, 2026',
      'Inspected',
      'North Gate: inspections',
      'Test User',
      'Re-stake the silt',
      'Routine',
      'Weekly walk: all fine.',
      'fence.jpg, taken Nov 10',
    ])
      expect(text, words).toContain(words);
    // The inspection's photo is drawn as a thumbnail under its table.
    const images = popplerOutput('pdfimages', file.rawPayload, ['-list'])
      .split('\n')
      .filter((line) => line.trim().split(/\s+/)[2] === 'image');
    expect(images).toHaveLength(1);
  });

  it('lists an event a NOAA revision removed as removed, with its revision', async () => {
    const [event] = await t.database.db
      .update(stormEvents)
      .set({ removedAt: at('2026-11-11T14:00:00Z') })
      .where(eq(stormEvents.locationId, site))
      .returning({ id: stormEvents.id });
    const figures = { start: '2026-11-10T09:00:00.000Z', end: '2026-11-10T13:00:00.000Z', passes: [2] };
    await t.database.db.insert(stormEventRevisions).values({
      eventId: event?.id as number,
      revisedAt: at('2026-11-11T14:00:00Z'),
      change: 'removed',
      before: { ...figures, total: 0.8 },
      after: null,
    });
    const response = await call(owner, { url: `/api/reports/permit_by_date_range/${RANGE}/${site}` });
    await t.database.db
      .delete(stormEventRevisions)
      .where(eq(stormEventRevisions.eventId, event?.id as number));
    await t.database.db.update(stormEvents).set({ removedAt: null }).where(eq(stormEvents.locationId, site));
    const text = response.body.replaceAll('&nbsp;', ' ');
    expect(text).toContain('Removed by NOAA revision');
    expect(text).toContain('(was 0.80 in) (revised Nov 11, 2026 9:00 AM)');
  });

  it('charges no historical fee: it reads the events already found, not past rainfall', async () => {
    const quote = await call(owner, {
      method: 'POST',
      url: '/api/reports/permit_by_date_range/2024-10-01/2024-11-05/fee',
      payload: { locations: [site] },
    });
    expect(quote.json()).toEqual({ historical: false, fee: 0, already_paid: false });
  });

  it('refuses bronze with the upgrade answer', async () => {
    const view = await call(bronze.token, {
      url: `/api/reports/permit_by_date_range/${RANGE}/${bronze.location}`,
    });
    expect(view.statusCode).toBe(403);
    expect(view.json()).toEqual({ detail: MESSAGES.tierTooLow });
    const job = await call(bronze.token, {
      method: 'POST',
      url: `/api/reports/permit_by_date_range/${RANGE}`,
      payload: { email_format: 'pdf', locations: [bronze.location] },
    });
    expect(job.statusCode).toBe(403);
  });

  it("refuses another account's location like the other reports", async () => {
    const view = await call(owner, { url: `/api/reports/permit_by_date_range/${RANGE}/${foreignLocation}` });
    expect(view.statusCode).toBe(404);
    const job = await call(owner, {
      method: 'POST',
      url: `/api/reports/permit_by_date_range/${RANGE}`,
      payload: { email_format: 'html', locations: [site, foreignLocation] },
    });
    expect(job.statusCode).toBe(404);
  });
});
