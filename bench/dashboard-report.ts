import { type BrowserFigures, type ChangeRow, VIEWPORT } from './dashboard-chromium';
import type { LighthouseRow } from './dashboard-lighthouse';
import { median, round, SCALE_LOCATIONS, type Weight } from './dashboard-support';
import { saveResults } from './save-results';

// The dashboard's figures as tables, the last one each beside its goal, saved to
// bench/results/dashboard.json.

interface BundleRow {
  js: string;
  files: number;
  kib: number;
  gzip_kib: number;
}

const kib = (bytes: number) => round(bytes / 1024);
const bundleRow = (js: string, weight: Weight): BundleRow => ({
  js,
  files: weight.files,
  kib: kib(weight.bytes),
  gzip_kib: kib(weight.gzip_bytes),
});

// ---------------------------------------------------------------- the whole bench

function changeSummary(changes: ChangeRow[]) {
  const timesOf = (kind: ChangeRow['kind']) =>
    changes.flatMap((change) => (change.kind === kind && change.ms !== null ? [change.ms] : []));
  const medianOf = (kind: ChangeRow['kind']) => {
    const value = median(timesOf(kind));
    return value === null ? null : round(value);
  };
  const slowestOf = (kind: ChangeRow['kind']) => {
    const times = timesOf(kind);
    return times.length === 0 ? null : Math.max(...times);
  };
  return {
    search_median_ms: medianOf('search'),
    search_slowest_ms: slowestOf('search'),
    filter_median_ms: medianOf('filter'),
    filter_slowest_ms: slowestOf('filter'),
  };
}

// ---------------------------------------------------------------- the goals of issue 18, point 2

interface GoalRow {
  figure: string;
  value: number | null;
  goal: string;
  met: 'yes' | 'no';
}

const FIRST_RENDER_GOAL_MS = 1_500;
const LIST_CHANGE_GOAL_MS = 50;
const SIGN_IN_JS_GOAL_KIB = 150;
const LIGHTHOUSE_GOALS = { performance: 95, accessibility: 100, best_practices: 100 } as const;

const under = (figure: string, value: number | null, limit: number, unit: string): GoalRow => ({
  figure,
  value,
  goal: `< ${limit} ${unit}`,
  met: value !== null && value < limit ? 'yes' : 'no',
});

const atLeast = (figure: string, value: number | null, limit: number): GoalRow => ({
  figure,
  value,
  goal: `>= ${limit}`,
  met: value !== null && value >= limit ? 'yes' : 'no',
});

/** Every figure of issue 18 point 2 beside its goal; a figure not measured is not met. */
function goalRows(
  summary: ReturnType<typeof changeSummary> & { first_render_median_ms: number | null },
  signInJs: Weight,
  lighthouseRows: LighthouseRow[],
): GoalRow[] {
  const ms = LIST_CHANGE_GOAL_MS;
  return [
    under('first render, median (ms)', summary.first_render_median_ms, FIRST_RENDER_GOAL_MS, 'ms'),
    under('search answers, median (ms)', summary.search_median_ms, ms, 'ms'),
    under('search answers, slowest (ms)', summary.search_slowest_ms, ms, 'ms'),
    under('filters answer, median (ms)', summary.filter_median_ms, ms, 'ms'),
    under('filters answer, slowest (ms)', summary.filter_slowest_ms, ms, 'ms'),
    under(
      'JavaScript the sign-in page loads (KiB gzip)',
      kib(signInJs.gzip_bytes),
      SIGN_IN_JS_GOAL_KIB,
      'KiB',
    ),
    ...lighthouseRows.flatMap((row) =>
      (Object.keys(LIGHTHOUSE_GOALS) as (keyof typeof LIGHTHOUSE_GOALS)[]).map((category) =>
        atLeast(
          `Lighthouse ${category.replace('_', ' ')}, ${row.page}`,
          row[category],
          LIGHTHOUSE_GOALS[category],
        ),
      ),
    ),
  ];
}

/** Prints the tables and saves them with the date. */
export function report(
  bundle: { all: Weight; entry: Weight; signIn: Weight; dashboard: Weight },
  browserFigures: BrowserFigures,
  lighthouseRows: LighthouseRow[],
): void {
  const firstRenders = browserFigures.loads.flatMap((row) =>
    row.first_render_ms === null ? [] : [row.first_render_ms],
  );
  const summary = {
    first_render_median_ms: median(firstRenders),
    ...changeSummary(browserFigures.changes),
  };
  console.table([
    bundleRow('all .js files of the build', bundle.all),
    bundleRow('entry page (index.html scripts and preloads)', bundle.entry),
    bundleRow('loaded by / (sign-in, resource timing)', bundle.signIn),
    bundleRow('loaded by /dashboard (resource timing)', bundle.dashboard),
  ]);
  console.table(browserFigures.loads);
  if (browserFigures.changes.length > 0) console.table(browserFigures.changes);
  console.table([summary]);
  console.table(lighthouseRows.map(({ findings, runtime_error, ...scores }) => scores));
  for (const row of lighthouseRows) {
    if (row.runtime_error) console.warn(`Lighthouse could not score ${row.page}: ${row.runtime_error}`);
  }
  for (const row of lighthouseRows) console.log(`Lighthouse findings on ${row.page}:`, row.findings);
  for (const note of browserFigures.notes) console.warn(`dashboard: ${note}`);
  const goals = goalRows(summary, bundle.signIn, lighthouseRows);
  console.table(goals);
  saveResults('dashboard', {
    locations: SCALE_LOCATIONS,
    viewport: VIEWPORT,
    bundle,
    summary,
    first_render: browserFigures.loads,
    list_changes: browserFigures.changes,
    lighthouse: lighthouseRows,
    goals,
    notes: browserFigures.notes,
  });
}
