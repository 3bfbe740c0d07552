import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * Debian's ecCodes (`libeccodes-tools`) as the reference reader of MRMS files, for the decoder's
 * equality test and its benchmark.
 */

export const hasEccodes = spawnSync('grib_get_data', ['-V'], { stdio: 'ignore' }).status === 0;

/** A gunzipped copy of an MRMS file in a temporary folder (ecCodes reads no gzip), and its removal. */
export function plainGribCopy(file: string): { path: string; remove: () => void } {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'pluvio-grib-'));
  const copy = path.join(folder, path.basename(file).replace(/\.gz$/, ''));
  const bytes = readFileSync(file);
  writeFileSync(copy, bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes);
  return { path: copy, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

const [NEWLINE, SPACE, MINUS, PLUS, DOT, LOWER_E, ZERO] = [10, 32, 45, 43, 46, 101, 48];

/**
 * Reads `grib_get_data` lines ("lat lon value", after one header line) byte by byte as they
 * stream, handing each value to `onValue` with its cell index: ~900 MB of text for CONUS is never
 * held whole, nor turned into strings.
 */
function valueParser(onValue: (index: number, value: number) => void) {
  let line = -1; // the header line is line -1
  let field = 0;
  let inField = false;
  let [sign, mantissa, fractionDigits, inFraction, inExponent, exponentSign, exponent] = [
    1,
    0,
    0,
    false,
    false,
    1,
    0,
  ];
  const endLine = () => {
    if (line >= 0) onValue(line, sign * mantissa * 10 ** (exponentSign * exponent - fractionDigits));
    line++;
    field = 0;
    inField = false;
    [sign, mantissa, fractionDigits, inFraction, inExponent, exponentSign, exponent] = [
      1,
      0,
      0,
      false,
      false,
      1,
      0,
    ];
  };
  return (chunk: Buffer) => {
    for (let at = 0; at < chunk.length; at++) {
      const byte = chunk[at] as number;
      if (byte === NEWLINE) endLine();
      else if (byte === SPACE) inField = false;
      else {
        if (!inField) [inField, field] = [true, field + 1];
        if (field !== 3 || line < 0) continue;
        if (inExponent) {
          if (byte === MINUS) exponentSign = -1;
          else if (byte !== PLUS) exponent = exponent * 10 + byte - ZERO;
        } else if (byte === MINUS) sign = -1;
        else if (byte === DOT) inFraction = true;
        else if (byte === LOWER_E) inExponent = true;
        else {
          mantissa = mantissa * 10 + byte - ZERO;
          if (inFraction) fractionDigits++;
        }
      }
    }
  };
}

/** Runs `grib_get_data` on a plain GRIB2 file and streams its values; resolves with how many there were. */
export function eccodesValues(
  gribPath: string,
  onValue: (index: number, value: number) => void,
): Promise<number> {
  return new Promise((resolve, reject) => {
    let count = 0;
    const parse = valueParser((index, value) => {
      count = index + 1;
      onValue(index, value);
    });
    const child = spawn('grib_get_data', [gribPath], { stdio: ['ignore', 'pipe', 'pipe'] });
    let errors = '';
    child.stdout.on('data', parse);
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(count) : reject(new Error(`grib_get_data exited with ${code}: ${errors.trim()}`)),
    );
  });
}
