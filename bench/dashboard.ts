/**
 * The dashboard at scale (issue 5, point 8; issue 18, point 2): a 10,000-location account in
 * Chromium at 1280x800 — the JS the sign-in page and the dashboard load, the first render of
 * /dashboard, how fast search and 'Sort Location By' answer — and Lighthouse on / and on
 * /dashboard signed in. Figures are printed as tables, the last one each beside its goal, and
 * saved to bench/results/dashboard.json; nothing passes or fails. `npm run bench:dashboard` runs
 * this part alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Result } from 'lighthouse';
import { type Browser, chromium, errors, type Locator, type Page } from 'playwright-core';
import {
  buildWebApp,
  Cleanups,
  entryScripts,
  installRenderProbe,
  type JsFiles,
  jsFilesOf,
  KEEP_NAMES_SHIM,
  LIST_SELECTOR,
  type ListChange,
  MAP_SELECTOR,
  median,
  ROW_SELECTOR,
  round,
  SCALE_LOCATIONS,
  SCALE_USER,
  startBenchApp,
  timeListChange,
  type Weight,
  weightOf,
} from './dashboard-support';

const CHROMIUM = '/usr/bin/chromium';
const VIEWPORT = { width: 1280, height: 800 };
const RENDER_TIMEOUT_MS = 60_000;
const CHANGE_TIMEOUT_MS = 10_000;
const CONTROL_TIMEOUT_MS = 5_000;
const PAGE_LOADS = 3;
const ROUNDS = 2;
/** Many rows (Site 77, 770-779, 7700-7799), one row, none. */
const SEARCHES = ['site 77', 'site 4242', 'no such site'];
const FILTERS = ['Hide Zeroes', 'Above Threshold'];
const LONG_TASK_MS = 50;

interface BundleRow {
  js: string;
  files: number;
  kib: number;
  gzip_kib: number;
}

interface RenderRow {
  load: number;
  first_render_ms: number | null;
  total_blocking_ms: number | null;
  long_tasks: number | null;
  longest_task_ms: number | null;
}

interface ChangeRow {
  kind: 'search' | 'filter';
  action: string;
  ms: number | null;
}

interface LighthouseRow {
  page: string;
  final_url: string;
  performance: number | null;
  accessibility: number | null;
  best_practices: number | null;
  fcp_ms: number | null;
  lcp_ms: number | null;
  tbt_ms: number | null;
  cls: number | null;
  /** Why Lighthouse could not score the page, when it could not. */
  runtime_error: string | null;
  /** The audits that cost points, in Lighthouse's words (see findingsOf). */
  findings: string[];
}

const kib = (bytes: number) => round(bytes / 1024);
const bundleRow = (js: string, weight: Weight): BundleRow => ({
  js,
  files: weight.files,
  kib: kib(weight.bytes),
  gzip_kib: kib(weight.gzip_bytes),
});

/** A Playwright time-out becomes `fallback`; anything else still fails the bench. */
async function unlessTimeout<T>(work: Promise<T>, fallback: T): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof errors.TimeoutError) return fallback;
    throw error;
  }
}

/** Signs in through the login screen and waits for the landing on /dashboard. */
async function signIn(page: Page, address: string): Promise<void> {
  await page.goto(`${address}/`);
  await page.getByLabel('Email').fill(SCALE_USER.email);
  await page.getByLabel(/^Password/).fill(SCALE_USER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
}

// ---------------------------------------------------------------- first render

/** One full load of /dashboard, timed by the render probe; long tasks counted up to the render. */
async function loadDashboard(page: Page, address: string, load: number): Promise<RenderRow> {
  await page.goto(`${address}/dashboard`, { waitUntil: 'commit' });
  await unlessTimeout(
    page.waitForFunction(() => window.__dashboardProbe?.firstRenderMs != null, undefined, {
      timeout: RENDER_TIMEOUT_MS,
    }),
    null,
  );
  const probe = await page.evaluate(() => window.__dashboardProbe);
  const firstRender = probe?.firstRenderMs ?? null;
  if (firstRender === null) {
    return { load, first_render_ms: null, total_blocking_ms: null, long_tasks: null, longest_task_ms: null };
  }
  const tasks = (probe?.longTasks ?? []).filter((task) => task.start < firstRender);
  return {
    load,
    first_render_ms: Math.round(firstRender),
    total_blocking_ms: Math.round(
      tasks.reduce((sum, task) => sum + Math.max(0, task.duration - LONG_TASK_MS), 0),
    ),
    long_tasks: tasks.length,
    longest_task_ms: Math.round(Math.max(0, ...tasks.map((task) => task.duration))),
  };
}

/** The sign-in page as a visitor first sees it: every script it has loaded once the form shows. */
async function signInPageScripts(page: Page, address: string): Promise<string[]> {
  await page.goto(`${address}/`);
  await page.getByLabel('Email').waitFor();
  await page.waitForLoadState('networkidle');
  return loadedScripts(page);
}

/** The build's .js files the page has fetched so far. */
async function loadedScripts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((pathname) => pathname.endsWith('.js')),
  );
}

// ---------------------------------------------------------------- search and filters

/** Times one change of the list; null when the control is missing or the rows do not change. */
async function timeChange(
  page: Page,
  control: Locator,
  action: ListChange['action'],
): Promise<number | null> {
  const target = await unlessTimeout(control.elementHandle({ timeout: CONTROL_TIMEOUT_MS }), null);
  if (!target) return null;
  const ms = await page.evaluate(timeListChange, {
    target,
    action,
    listSelector: LIST_SELECTOR,
    timeoutMs: CHANGE_TIMEOUT_MS,
  });
  // Let the list settle so the next change starts from rest.
  await page.waitForTimeout(300);
  return ms === null ? null : round(ms);
}

async function timeSearches(page: Page): Promise<ChangeRow[]> {
  const search = page.getByPlaceholder('Search...');
  const rows: ChangeRow[] = [];
  for (const text of SEARCHES) {
    rows.push({
      kind: 'search',
      action: `type '${text}'`,
      ms: await timeChange(page, search, { type: 'text', text }),
    });
    rows.push({
      kind: 'search',
      action: 'clear the search',
      ms: await timeChange(page, search, { type: 'text', text: '' }),
    });
  }
  return rows;
}

/** Each filter on, then chosen again, which goes back to All (spec part 1 §4). */
async function timeFilters(page: Page): Promise<ChangeRow[]> {
  const rows: ChangeRow[] = [];
  for (const label of FILTERS) {
    const control = page.getByLabel(label, { exact: true });
    rows.push({
      kind: 'filter',
      action: `'${label}' on`,
      ms: await timeChange(page, control, { type: 'click' }),
    });
    rows.push({
      kind: 'filter',
      action: `'${label}' off`,
      ms: await timeChange(page, control, { type: 'click' }),
    });
  }
  return rows;
}

// ---------------------------------------------------------------- Chromium run

interface BrowserFigures {
  loads: RenderRow[];
  signInJs: Weight;
  dashboardJs: Weight;
  changes: ChangeRow[];
  notes: string[];
}

async function measureInChromium(address: string, jsFiles: JsFiles): Promise<BrowserFigures> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    return await measureSignedIn(browser, address, jsFiles);
  } finally {
    await browser.close();
  }
}

async function measureSignedIn(browser: Browser, address: string, jsFiles: JsFiles): Promise<BrowserFigures> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript({ content: KEEP_NAMES_SHIM });
  await context.addInitScript(installRenderProbe, { row: ROW_SELECTOR, map: MAP_SELECTOR });
  const page = await context.newPage();
  const signInJs = weightOf(jsFiles, await signInPageScripts(page, address));
  await signIn(page, address);
  // The landing's own requests finish first, so the first timed load starts from a quiet server.
  await page.waitForLoadState('networkidle');

  const notes: string[] = [];
  const loads = [await loadDashboard(page, address, 1)];
  const dashboardJs = weightOf(jsFiles, await loadedScripts(page));
  if (loads[0]?.first_render_ms === null) {
    notes.push(
      `/dashboard did not show a row in ${ROW_SELECTOR} and a map ${MAP_SELECTOR} > 0 within ` +
        `${RENDER_TIMEOUT_MS / 1000} s: first render, search and filter times not measured`,
    );
    return { loads, signInJs, dashboardJs, changes: [], notes };
  }
  for (let load = 2; load <= PAGE_LOADS; load++) loads.push(await loadDashboard(page, address, load));
  const changes: ChangeRow[] = [];
  for (let pass = 0; pass < ROUNDS; pass++)
    changes.push(...(await timeSearches(page)), ...(await timeFilters(page)));
  const unanswered = [
    ...new Set(changes.filter((change) => change.ms === null).map((change) => change.action)),
  ];
  if (unanswered.length > 0) {
    notes.push(
      `no list change within ${CHANGE_TIMEOUT_MS / 1000} s (or control missing): ${unanswered.join('; ')}`,
    );
  }
  return { loads, signInJs, dashboardJs, changes, notes };
}

// ---------------------------------------------------------------- Lighthouse

const score = (value: number | null | undefined) => (value == null ? null : Math.round(value * 100));

async function audit(url: string, port: number, label: string): Promise<LighthouseRow> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      disableStorageReset: true,
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    },
    desktopConfig,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, finalDisplayedUrl } = result.lhr;
  const metric = (id: string) => {
    const value = audits[id]?.numericValue;
    return value === undefined ? null : round(value, id === 'cumulative-layout-shift' ? 3 : 0);
  };
  return {
    page: label,
    final_url: new URL(finalDisplayedUrl).pathname,
    performance: score(categories.performance?.score),
    accessibility: score(categories.accessibility?.score),
    best_practices: score(categories['best-practices']?.score),
    fcp_ms: metric('first-contentful-paint'),
    lcp_ms: metric('largest-contentful-paint'),
    tbt_ms: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    runtime_error: result.lhr.runtimeError
      ? `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`
      : null,
    findings: findingsOf(result.lhr),
  };
}

const PERFORMANCE_FINDINGS = 5;

/** What an audit's table lists: the issue types, console messages or URLs behind a finding. */
function itemsOf(audit: Result['audits'][string]): string[] {
  const details = audit.details as { type?: string; items?: Record<string, unknown>[] } | undefined;
  if (details?.type !== 'table') return [];
  return (details.items ?? []).map((item) => {
    const subItems = (item.subItems as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
    const detail = subItems.map((sub) => Object.values(sub).join(' ')).join('; ');
    const head = String(
      item.issueType ?? item.description ?? item.url ?? item.groupLabel ?? item.source ?? '',
    );
    const ms = typeof item.duration === 'number' ? ` ${Math.round(item.duration)} ms` : '';
    return detail ? `${head}${ms}: ${detail}` : `${head}${ms}`;
  });
}

function describeAudit(audit: Result['audits'][string]): string {
  const title = audit.displayValue ? `${audit.title} (${audit.displayValue})` : audit.title;
  const items = itemsOf(audit).slice(0, 5);
  return items.length > 0 ? `${title} [${items.join(' | ')}]` : title;
}

/**
 * What costs points: the failing performance audits that estimate a saving (largest LCP saving
 * first), then every failing scored audit of accessibility and best practices.
 */
function findingsOf(lhr: Result): string[] {
  const auditsOf = (category: string, scoredOnly: boolean) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => !scoredOnly || ref.weight > 0)
      .flatMap((ref) => lhr.audits[ref.id] ?? []);
  const failing = (audit: Result['audits'][string], below: number) =>
    audit.score !== null && audit.score < below;
  const performance = auditsOf('performance', false)
    .filter((audit) => audit.metricSavings && failing(audit, 0.9))
    .sort((a, b) => (b.metricSavings?.LCP ?? 0) - (a.metricSavings?.LCP ?? 0))
    .slice(0, PERFORMANCE_FINDINGS);
  const others = ['accessibility', 'best-practices'].flatMap((category) =>
    auditsOf(category, true).filter((audit) => failing(audit, 1)),
  );
  return [...performance, ...others].map(describeAudit);
}

/**
 * Lighthouse sometimes fails to record a trace on this busy machine (NO_NAVSTART) and asks to be
 * run again: it is, once, and the second answer stands.
 */
async function auditAgainIfUnscored(url: string, port: number, label: string): Promise<LighthouseRow> {
  const row = await audit(url, port, label);
  if (!row.runtime_error) return row;
  console.warn(`Lighthouse could not score ${label} (${row.runtime_error}); running it again`);
  return audit(url, port, label);
}

/** Signs in through Playwright attached to Lighthouse's Chrome; the session stays in its profile. */
async function signInOverCdp(address: string, port: number): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await signIn(page, address);
    await page.goto('about:blank');
  } finally {
    // Connected, not launched: this disconnects and leaves Chrome and its default context running.
    await browser.close();
  }
}

/** Lighthouse on the login page, then signed in on /dashboard, in one Chrome profile. */
async function runLighthouse(address: string): Promise<LighthouseRow[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    // Lighthouse's desktop size; the default 800x600 window shows the phone-landscape overlay.
    chromeFlags: ['--headless=new', '--no-sandbox', '--window-size=1350,940'],
  });
  try {
    const rows = [await auditAgainIfUnscored(`${address}/`, chrome.port, '/ (login)')];
    await signInOverCdp(address, chrome.port);
    rows.push(await auditAgainIfUnscored(`${address}/dashboard`, chrome.port, '/dashboard (signed in)'));
    return rows;
  } finally {
    chrome.kill();
  }
}

// ---------------------------------------------------------------- the whole bench

function saveResults(results: Record<string, unknown>): void {
  const outFile = path.join(import.meta.dirname, 'results', 'dashboard.json');
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(
    outFile,
    `${JSON.stringify({ measured_at: new Date().toISOString(), ...results }, null, 2)}\n`,
  );
  console.log(`saved ${path.relative(process.cwd(), outFile)}`);
}

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
function report(
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
  saveResults({
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

/**
 * Builds the web app into a temporary folder, starts the app with the 10,000-location account,
 * measures in Chromium and with Lighthouse, prints and saves; everything it started is closed
 * and the folder removed, also when a step fails.
 */
export async function benchDashboard(): Promise<void> {
  const cleanups = new Cleanups();
  try {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pluvio-bench-web-'));
    cleanups.add(() => fs.rmSync(webDist, { recursive: true, force: true }));
    buildWebApp(webDist);
    const jsFiles = jsFilesOf(webDist);
    const bundle = {
      all: weightOf(jsFiles, jsFiles.keys()),
      entry: weightOf(jsFiles, entryScripts(webDist)),
    };

    const started = performance.now();
    const app = await startBenchApp(webDist);
    cleanups.add(() => app.close());
    console.log(
      `dashboard: app with ${SCALE_LOCATIONS} locations ready in ${round((performance.now() - started) / 1000)} s`,
    );

    const browserFigures = await measureInChromium(app.address, jsFiles);
    const lighthouseRows = await runLighthouse(app.address);
    report(
      { ...bundle, signIn: browserFigures.signInJs, dashboard: browserFigures.dashboardJs },
      browserFigures,
      lighthouseRows,
    );
  } finally {
    await cleanups.run();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchDashboard();
