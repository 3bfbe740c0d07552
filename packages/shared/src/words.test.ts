import { describe, expect, it } from 'vitest';
import { plural } from './words';

describe('plural', () => {
  it('says one thing in the singular and any other count in the plural, with thousands separated', () => {
    expect(plural(1, 'location')).toBe('1 location');
    expect(plural(0, 'location')).toBe('0 locations');
    expect(plural(5009, 'location')).toBe('5,009 locations');
    expect(plural(2, 'entry', 'entries')).toBe('2 entries');
  });
});
