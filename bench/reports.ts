/**
 * Report files at scale (issue 14): a monthly report (31 days) of 100 and of 1,000 locations
 * rendered in each format. Each rendering runs in a fresh process (`render-report.ts`) so its
 * peak resident memory (`maxRSS`) is its own. Nothing passes or fails; figures are printed and
 * saved under bench/results/reports.json.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { ReportFormat } from '@pluvio/shared/reports';
import { machine, saveResults } from './save-results';

const LOCATIONS = [100, 1_000];
const FORMATS: ReportFormat[] = ['pdf', 'excel', 'csv', 'html'];

interface Rendering {
  seconds: number;
  bytes: number;
  document_rss_mb: number;
  peak_rss_mb: number;
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

function renderInFreshProcess(format: ReportFormat, locations: number): Rendering {
  const script = path.join(import.meta.dirname, 'render-report.ts');
  const output = execFileSync(process.execPath, [...process.execArgv, script, format, String(locations)], {
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Rendering;
}

export async function benchReports() {
  const rows = LOCATIONS.flatMap((locations) =>
    FORMATS.map((format) => {
      const result = renderInFreshProcess(format, locations);
      return {
        report: `monthly, ${locations} locations x 31 days`,
        format,
        seconds: round(result.seconds),
        file_mb: round(result.bytes / 1024 / 1024),
        rss_before_mb: Math.round(result.document_rss_mb),
        peak_rss_mb: Math.round(result.peak_rss_mb),
      };
    }),
  );
  console.table(rows);
  saveResults('reports', { machine: machine(), rows });
}

if (process.argv[1] === import.meta.filename) await benchReports();
