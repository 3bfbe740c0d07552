import { describe, expect, it } from 'vitest';
import { exifTime } from './photo-exif';
import { photoTypeOf } from './photo-kinds';

const bytes = (hex: string, text = '') =>
  new Uint8Array([...Buffer.from(hex, 'hex'), ...Buffer.from(text, 'latin1')]);

describe('a photo told by its first bytes', () => {
  it.each([
    ['JPEG', bytes('ffd8ffe000104a464946'), 'image/jpeg'],
    ['PNG', bytes('89504e470d0a1a0a0000000d'), 'image/png'],
    ["an iPhone's HEIC", bytes('00000018', 'ftypheic'), 'image/heic'],
    ['a HEIF of another coding', bytes('00000018', 'ftypmif1'), 'image/heif'],
    ['an AVIF (HEIF of AV1, not taken)', bytes('0000001c', 'ftypavif'), null],
    ['a GIF', bytes('', 'GIF89a\u0000\u0000\u0000\u0000\u0000\u0000'), null],
    ['a PDF named photo.jpg', bytes('', '%PDF-1.7\n%\u00e2\u00e3'), null],
    ['nothing', new Uint8Array(), null],
  ])('%s', (_, head, type) => {
    expect(photoTypeOf(head)).toBe(type);
  });
});

describe("a photo's EXIF time", () => {
  const zone = 'America/New_York';
  it('reads the camera clock in the product zone, winter and summer', () => {
    expect(exifTime('2026:11:10 11:15:00', undefined, zone)?.toISOString()).toBe('2026-11-10T16:15:00.000Z');
    expect(exifTime('2026:07:10 11:15:00', undefined, zone)?.toISOString()).toBe('2026-07-10T15:15:00.000Z');
  });

  it('places it by the offset the camera wrote', () => {
    expect(exifTime('2026:11:10 11:15:00', '-06:00', zone)?.toISOString()).toBe('2026-11-10T17:15:00.000Z');
  });

  it.each([['0000:00:00 00:00:00'], ['2026:13:01 10:00:00'], ['2026-11-10 11:15'], [undefined], [42]])(
    'has none for %s',
    (time) => {
      expect(exifTime(time, undefined, zone)).toBeNull();
    },
  );
});
