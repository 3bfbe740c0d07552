import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

const WIDTH = 1200;
const HEIGHT = 900;

/** A site after rain, drawn: sky, a graded slope, a silt fence on stakes with sediment behind it. */
function siteScene(): string {
  const stakes = Array.from({ length: 9 }, (_, index) => {
    const x = 80 + index * 130;
    return `<rect x="${x}" y="430" width="14" height="190" fill="#6b4a2b"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#8fa3b5"/><stop offset="1" stop-color="#c9d3db"/>
      </linearGradient>
      <linearGradient id="ground" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#8a6b47"/><stop offset="1" stop-color="#5e4630"/>
      </linearGradient>
    </defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
    <path d="M0 380 Q 300 330 600 360 T ${WIDTH} 340 V ${HEIGHT} H 0 Z" fill="#5f7f4a"/>
    <path d="M0 470 Q 400 440 ${WIDTH} 460 V ${HEIGHT} H 0 Z" fill="url(#ground)"/>
    <path d="M60 560 Q 600 520 ${WIDTH - 40} 555 L ${WIDTH - 40} 600 Q 600 580 60 610 Z" fill="#a88a5f"/>
    <rect x="60" y="470" width="${WIDTH - 100}" height="120" fill="#1f1f1f" opacity="0.85"/>
    ${stakes}
    <ellipse cx="420" cy="760" rx="170" ry="34" fill="#9fb2c0" opacity="0.8"/>
    <ellipse cx="900" cy="820" rx="120" ry="22" fill="#9fb2c0" opacity="0.7"/>
  </svg>`;
}

/** EXIF's rational degrees, minutes and seconds of a coordinate. */
function exifDegrees(value: number): string {
  const absolute = Math.abs(value);
  const degrees = Math.floor(absolute);
  const minutes = Math.floor((absolute - degrees) * 60);
  const hundredthsOfSeconds = Math.round(((absolute - degrees) * 60 - minutes) * 6000);
  return `${degrees}/1 ${minutes}/1 ${hundredthsOfSeconds}/100`;
}

/** EXIF's wall-clock time ("2026:11:20 14:05:00") of an instant in `timeZone`. */
function exifTime(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value;
  return `${part('year')}:${part('month')}:${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

export interface DemoPhotoFile {
  fileName: string;
  file: string;
  discard(): Promise<void>;
}

/** The demo inspection's photo as a phone writes it, with EXIF time and position, in a temporary file. */
export async function demoSitePhoto(
  taken: Date,
  site: { latitude: number; longitude: number },
  timeZone: string,
): Promise<DemoPhotoFile> {
  const jpeg = await sharp(Buffer.from(siteScene()))
    .withExif({
      IFD0: { Make: 'Pluvio', Model: 'Demo' },
      IFD2: { DateTimeOriginal: exifTime(taken, timeZone) },
      IFD3: {
        GPSLatitudeRef: site.latitude < 0 ? 'S' : 'N',
        GPSLatitude: exifDegrees(site.latitude),
        GPSLongitudeRef: site.longitude < 0 ? 'W' : 'E',
        GPSLongitude: exifDegrees(site.longitude),
      },
    })
    .jpeg({ quality: 80 })
    .toBuffer();
  const folder = await mkdtemp(path.join(tmpdir(), 'pluvio-demo-photo-'));
  const file = path.join(folder, 'east-silt-fence.jpg');
  await writeFile(file, jpeg);
  return {
    fileName: 'east-silt-fence.jpg',
    file,
    discard: () => rm(folder, { recursive: true, force: true }),
  };
}
