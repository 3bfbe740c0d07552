/** The photo types an inspection takes, told by the file's first bytes (never by its name or the browser's word). */
export type PhotoType = 'image/jpeg' | 'image/png' | 'image/heic' | 'image/heif';

/** The bytes `photoTypeOf` needs to see. */
export const PHOTO_SNIFF_BYTES = 12;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** ISO base media `ftyp` brands of HEVC-coded HEIF (Apple's HEIC) and of HEIF in general. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);
const HEIF_BRANDS = new Set(['mif1', 'msf1', 'heif']);

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) =>
  bytes.every((byte, index) => head[at + index] === byte);

export function photoTypeOf(head: Uint8Array): PhotoType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, PNG_SIGNATURE)) return 'image/png';
  if (new TextDecoder('latin1').decode(head.subarray(4, 8)) !== 'ftyp') return null;
  const brand = new TextDecoder('latin1').decode(head.subarray(8, 12));
  if (HEIC_BRANDS.has(brand)) return 'image/heic';
  if (HEIF_BRANDS.has(brand)) return 'image/heif';
  return null;
}

export const isHeif = (type: PhotoType) => type === 'image/heic' || type === 'image/heif';

/** The extension of a stored original. */
export const PHOTO_EXTENSIONS: Record<PhotoType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/heic': 'heic',
  'image/heif': 'heif',
};
