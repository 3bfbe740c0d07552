import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TIER_NAMES } from '@pluvio/shared/tiers';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const SOURCES = ['apps/server/src', 'apps/web/src'];
/** The demo's accounts are data: they may name their tiers. */
const DATA_FILES = new Set(['apps/server/src/demo/demo-data.ts']);
const TIER_LITERAL = new RegExp(`['"\`](${TIER_NAMES.join('|')})['"\`]`);

const isTestSupport = (file: string) => file.split('/').some((part) => part === 'test' || part === 'testing');

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !isTestSupport(file))
    .map((file) => join(folder, file))
    .filter((file) => !DATA_FILES.has(file));
}

function tierLiteralsIn(file: string): string[] {
  return readFileSync(join(ROOT, file), 'utf8')
    .split('\n')
    .flatMap((line, index) => {
      const code = line.trim();
      if (code.startsWith('//') || code.startsWith('*')) return [];
      return TIER_LITERAL.test(code) ? [`${file}:${index + 1}`] : [];
    });
}

/** Issue 27: tier names are compared and assigned in packages/shared only (tiers.ts, gates.ts, signup.ts). */
describe('tier names', () => {
  it('appear in no source file of the server or the web app outside the demo data', () => {
    expect(SOURCES.flatMap(sourceFiles).flatMap(tierLiteralsIn)).toEqual([]);
  });
});
