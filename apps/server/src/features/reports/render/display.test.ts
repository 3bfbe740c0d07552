import { describe, expect, it } from 'vitest';
import { monthlyDocument } from '../../../test/report-documents';
import { cellText, generatedText, periodText } from './display';

describe('a cell as a person reads it', () => {
  it('writes inches with 2 decimals, counts grouped, money in dollars, seconds with 1 decimal', () => {
    expect(cellText(0.123456, 'inches')).toBe('0.12');
    expect(cellText(2, 'inches')).toBe('2.00');
    expect(cellText(12345, 'count')).toBe('12,345');
    expect(cellText(24, 'money')).toBe('$24.00');
    expect(cellText(1234.5, 'money')).toBe('$1,234.50');
    expect(cellText(2.25, 'seconds')).toBe('2.3');
  });

  it('writes Yes and No, and a dash for a missing value (never 0)', () => {
    expect(cellText(true, 'yesno')).toBe('Yes');
    expect(cellText(false, 'yesno')).toBe('No');
    expect(cellText(null, 'inches')).toBe('—');
    expect(cellText(undefined, 'text')).toBe('—');
  });

  it('writes dates as Oct 3, 2026 and times as the wall time the ISO string says', () => {
    expect(cellText('2026-10-03', 'date')).toBe('Oct 3, 2026');
    expect(cellText('2026-10-03T14:15:00-04:00', 'datetime')).toBe('Oct 3, 2026 2:15 PM');
    expect(cellText('2026-11-01T00:05:00-05:00', 'datetime')).toBe('Nov 1, 2026 12:05 AM');
    expect(cellText('2026-12-31T12:00:00-05:00', 'datetime')).toBe('Dec 31, 2026 12:00 PM');
  });

  it('names an hour within its own day, from its start to its end', () => {
    expect(cellText('2026-11-22T23:00:00-05:00', 'hour')).toBe('11 PM–12 AM');
    expect(cellText('2026-11-22T00:00:00-05:00', 'hour')).toBe('12 AM–1 AM');
    expect(cellText('2026-11-22T11:00:00-05:00', 'hour')).toBe('11 AM–12 PM');
  });

  it('keeps text as written', () => {
    expect(cellText('Failed', 'text')).toBe('Failed');
  });
});

describe('the report header', () => {
  it('names the period and when the report was made, in the product time zone', () => {
    const document = monthlyDocument(1);
    expect(periodText(document)).toBe('Oct 1, 2026 – Oct 31, 2026');
    expect(periodText({ ...document, period: { from: '2026-10-03', to: '2026-10-03' } })).toBe('Oct 3, 2026');
    expect(periodText({ ...document, period: null })).toBeNull();
    expect(generatedText(document)).toBe('Generated Nov 1, 2026 6:00 AM ET');
  });
});
