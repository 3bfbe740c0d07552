import { describe, expect, it } from 'vitest';
import { atlas14Table } from '../../test/atlas14';
import {
  atlas14Context,
  composeReportEmail,
  composeReportSms,
  type ReportDay,
  type ReportLocation,
  type ReportSettings,
  reportGroups,
} from './daily-report-content';

const ATLAS = atlas14Table([2, 2.4, 3, 3.5, 4.2, 4.8, 5.4, 6, 6.9, 7.6]);
const place = (name: string, total: number, atlas14 = ATLAS): ReportLocation => ({
  id: name.length,
  name,
  total,
  threshold: 0.5,
  atlas14,
});
const SETTINGS: ReportSettings = {
  accountName: 'Gulf Coast Builders',
  combineLocations: true,
  suppressZero: false,
  onlyNonZero: true,
  sortByRainfall: true,
  showAtlas14: true,
};
const DAY: ReportDay = {
  date: '2026-11-21',
  timeZone: 'America/New_York',
  publicUrl: 'https://pluvio.example',
  hoursAvailable: 24,
  hoursInDay: 24,
};
const names = (groups: ReportLocation[][]) => groups.map((group) => group.map((location) => location.name));

describe('daily report content', () => {
  const sites = [place('Beaumont', 0), place('Austin', 0.3), place('Houston', 2.5), place('Corpus', 0.004)];

  it('lists the wettest first, or by name, in one message or one per location', () => {
    expect(names(reportGroups(sites, SETTINGS))).toEqual([['Houston', 'Austin', 'Beaumont', 'Corpus']]);
    expect(names(reportGroups(sites, { ...SETTINGS, sortByRainfall: false }))).toEqual([
      ['Austin', 'Beaumont', 'Corpus', 'Houston'],
    ]);
    expect(names(reportGroups(sites, { ...SETTINGS, combineLocations: false }))).toEqual([
      ['Houston'],
      ['Austin'],
      ['Beaumont'],
      ['Corpus'],
    ]);
  });

  it('sends nothing about dry locations only when zero reports are suppressed', () => {
    const dry = [place('Beaumont', 0), place('Corpus', 0)];
    expect(reportGroups(dry, { ...SETTINGS, suppressZero: true })).toEqual([]);
    expect(names(reportGroups(dry, SETTINGS))).toEqual([['Beaumont', 'Corpus']]);
    expect(names(reportGroups(sites, { ...SETTINGS, suppressZero: true, combineLocations: false }))).toEqual([
      ['Houston'],
      ['Austin'],
    ]);
  });

  it('names the largest NOAA Atlas 14 24-hour recurrence interval reached, or the 1-year depth', () => {
    expect(atlas14Context(place('Houston', 2.5))).toBe('2-year exceeded');
    expect(atlas14Context(place('Houston', 3))).toBe('5-year exceeded');
    expect(atlas14Context(place('Austin', 0.3))).toBe('below 1-year (2.00 in)');
    expect(atlas14Context(place('Outside', 1, null as never))).toBe('No Data');
  });

  it('shows the wet locations in a table with threshold and Atlas 14, and says how many dry ones are left out', () => {
    const email = composeReportEmail(sites, SETTINGS, DAY);
    expect(email.subject).toBe('Pluvio daily rainfall report: Gulf Coast Builders, Sat, Nov 21');
    expect(email.text).toContain(
      'Rainfall at the locations of Gulf Coast Builders on Saturday, November 21, 2026, midnight to midnight Eastern Time.',
    );
    expect(email.text).toContain('1 location of 4 reached the threshold.');
    expect(email.text).toContain('2 locations with no rainfall are not listed.');
    expect(email.text).toContain(
      'Houston: 2.50 in (threshold 0.50 in, over threshold; NOAA Atlas 14 24-hour: 2-year exceeded)',
    );
    expect(email.text).not.toContain('Beaumont');
    expect(email.text).toContain('https://pluvio.example/dashboard');
    expect(email.text).toContain('https://pluvio.example/settings-general');
    expect(email.html).toContain(
      '<th style="padding:6px 8px;border-bottom:1px solid #ddd;text-align:left">NOAA Atlas 14 24-hour</th>',
    );
    expect(email.html).toContain('>0.50 in (over)</td>');
  });

  it('leaves Atlas 14 out below silver, and lists dry locations when asked to', () => {
    const email = composeReportEmail(sites, { ...SETTINGS, showAtlas14: false, onlyNonZero: false }, DAY);
    expect(email.text).not.toContain('Atlas');
    expect(email.text).toContain('Beaumont: 0.00 in (threshold 0.50 in, under threshold)');
  });

  it('says once that no location had rain, without a threshold line', () => {
    const email = composeReportEmail([place('Beaumont', 0), place('Corpus', 0.004)], SETTINGS, DAY);
    expect(email.text).toContain('No rainfall at any of your 2 locations.');
    expect(email.text).not.toContain('reached the threshold');
    expect(email.html).not.toContain('<table');
  });

  it('says when no location had rain, and when the day was not fully processed', () => {
    const email = composeReportEmail([place('Beaumont', 0)], SETTINGS, { ...DAY, hoursAvailable: 20 });
    expect(email.subject).toBe('Pluvio daily rainfall report: Beaumont, Sat, Nov 21');
    expect(email.text).toContain(
      "Only 20 of the day's 24 hours of rainfall data had been processed when this report was made; the totals may rise.",
    );
    expect(composeReportSms([place('Beaumont', 0), place('Corpus', 0)], SETTINGS, DAY)).toBe(
      'Pluvio rainfall Sat, Nov 21, Gulf Coast Builders: no rain at your 2 locations. https://pluvio.example/dashboard',
    );
  });

  it('fits a text in 320 characters with as many locations as fit, then "+N more" and the whole link', () => {
    const many = Array.from({ length: 40 }, (_, index) =>
      place(`Construction site ${index + 1}`, 1 + index / 100),
    );
    const [sorted = []] = reportGroups(many, SETTINGS);
    const text = composeReportSms(sorted, SETTINGS, DAY);
    expect(Array.from(text).length).toBeLessThanOrEqual(320);
    expect(text).toMatch(
      /^Pluvio rainfall Sat, Nov 21, Gulf Coast Builders: Construction site 40 1\.39 in \(over 0\.50\), /,
    );
    expect(text).toMatch(/; \+\d+ more\. https:\/\/pluvio\.example\/dashboard$/);
    expect(composeReportSms(reportGroups(sites, SETTINGS)[0] ?? [], SETTINGS, DAY)).toBe(
      'Pluvio rainfall Sat, Nov 21, Gulf Coast Builders: Houston 2.50 in (over 0.50), Austin 0.30 in. https://pluvio.example/dashboard',
    );
  });
});
