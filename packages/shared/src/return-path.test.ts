import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a path of this site with its query and fragment', () => {
    expect(safeReturnPath('/reports')).toBe('/reports');
    expect(safeReturnPath('/client-form?client_id=4#billing')).toBe('/client-form?client_id=4#billing');
    expect(safeReturnPath('/a/%5Cb')).toBe('/a/%5Cb');
  });

  it.each([
    ['another host', '//evil.example/c'],
    ['a backslash read as a slash', '/\\evil.example/a'],
    ['a backslash after a slash', '//\\evil.example'],
    ['a scheme-relative address with a tab', '/\t/evil.example'],
    ['a line break', '/\n/evil.example'],
    ['a carriage return', '/\r/evil.example'],
    ['a space', '/ /evil.example'],
    ['an absolute address', 'https://evil.example/'],
    ['a scheme without slashes', 'https:evil.example'],
    ['javascript:', 'javascript:alert(1)'],
    ['a relative path', 'reports'],
    ['nothing', ''],
    ['null', null],
    ['undefined', undefined],
  ])('refuses %s', (_what, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('refuses what a decoded query value becomes from %5C (URLSearchParams decodes it)', () => {
    const ref = new URLSearchParams('ref=/%5Cevil.example/c').get('ref');
    expect(ref).toBe('/\\evil.example/c');
    expect(safeReturnPath(ref)).toBeNull();
  });

  it('normalises dot segments without leaving the site', () => {
    expect(safeReturnPath('/a/../../reports')).toBe('/reports');
    expect(safeReturnPath('/././/evil.example')).toBeNull();
  });
});
