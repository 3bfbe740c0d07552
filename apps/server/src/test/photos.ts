import sharp from 'sharp';

/** A small JPEG as a phone makes it: EXIF time (New York wall clock) and GPS position. */
export function jpegPhoto(
  options: { width?: number; taken?: string; latitude?: number; longitude?: number } = {},
) {
  const { width = 640, taken = '2026:11:10 11:15:00', latitude = 30.25, longitude = -95.5 } = options;
  const degrees = (value: number) =>
    `${Math.floor(Math.abs(value))}/1 ${Math.round((Math.abs(value) % 1) * 60)}/1 0/1`;
  return sharp({ create: { width, height: Math.round(width * 0.75), channels: 3, background: '#4a7f5c' } })
    .withExif({
      IFD2: { DateTimeOriginal: taken },
      IFD3: {
        GPSLatitudeRef: latitude < 0 ? 'S' : 'N',
        GPSLatitude: degrees(latitude),
        GPSLongitudeRef: longitude < 0 ? 'W' : 'E',
        GPSLongitude: degrees(longitude),
      },
    })
    .jpeg()
    .toBuffer();
}

/** Bytes that do not compress: a linear congruential generator's high bytes. */
function scrambled(length: number): Buffer {
  let state = 1;
  return Buffer.from(
    Array.from({ length }, () => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state >>> 24;
    }),
  );
}

/** A PNG without EXIF; `noise` makes it large (its pixels hardly compress). */
export function pngPhoto(width = 200, noise = false) {
  const size = { width, height: width, channels: 3 as const };
  const image = noise
    ? sharp(scrambled(width * width * 3), { raw: size })
    : sharp({ create: { ...size, background: '#2a5d9f' } });
  return image.png().toBuffer();
}

/** The first bytes of an iPhone's HEIC (an ISO `ftyp` box of brand `heic`), then nothing a decoder can read. */
export function heicHeaderOnly() {
  const box = Buffer.from('0000001c6674797068656963000000006d69663168656963', 'hex');
  return Buffer.concat([box, Buffer.alloc(64, 7)]);
}

/** A multipart form of an inspection (as JSON) and photos, as the web app sends it. */
export function photoForm(
  photos: { name: string; bytes: Uint8Array<ArrayBuffer>; type?: string }[],
  inspection?: object,
) {
  const form = new FormData();
  if (inspection) form.append('inspection', JSON.stringify(inspection));
  for (const photo of photos) {
    form.append(
      'photos',
      new Blob([photo.bytes], { type: photo.type ?? 'application/octet-stream' }),
      photo.name,
    );
  }
  return form;
}
