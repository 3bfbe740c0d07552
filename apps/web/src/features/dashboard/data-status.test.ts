import { describe, expect, it } from 'vitest';
import { dataUpToLabel } from './data-status';

describe('Data Up To', () => {
  it('shows the processed hour in Eastern time, winter and summer', () => {
    expect(dataUpToLabel({ status: 'done', datetime: '2026-11-21T19:00:00.000Z' }, 'America/New_York')).toBe(
      'Data Up To 1400 ET',
    );
    expect(dataUpToLabel({ status: 'done', datetime: '2026-07-04T19:00:00.000Z' }, 'America/New_York')).toBe(
      'Data Up To 1500 ET',
    );
  });

  it('goes back an hour while the pass is processing', () => {
    expect(
      dataUpToLabel({ status: 'processing', datetime: '2026-11-21T05:00:00.000Z' }, 'America/New_York'),
    ).toBe('Data Up To 2300 ET');
  });

  it('says nothing before the first data', () => {
    expect(dataUpToLabel({ status: 'processing', datetime: null }, 'America/New_York')).toBeNull();
    expect(dataUpToLabel(undefined, 'America/New_York')).toBeNull();
  });
});
