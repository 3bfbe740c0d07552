import { type Browser, chromium, errors, type Locator, type Page } from 'playwright-core';
import {
  installRenderProbe,
  type JsFiles,
  KEEP_NAMES_SHIM,
  LIST_SELECTOR,
  type ListChange,
  MAP_SELECTOR,
  ROW_SELECTOR,
  round,
  SCALE_USER,
  timeListChange,
  type Weight,
  weightOf,
} from './dashboard-support';

// The dashboard in Chromium: the JS the sign-in page and the dashboard load, the first render of
// /dashboard, and how fast search and the filters answer.

export const CHROMIUM = '/usr/bin/chromium';
export const VIEWPORT = { width: 1280, height: 800 };
const RENDER_TIMEOUT_MS = 60_000;
const CHANGE_TIMEOUT_MS = 10_000;
const CONTROL_TIMEOUT_MS = 5_000;
const PAGE_LOADS = 3;
const ROUNDS = 2;
/** Many rows (Site 77, 770-779, 7700-7799), one row, none. */
const SEARCHES = ['site 77', 'site 4242', 'no such site'];
const FILTERS = ['Hide Zeroes', 'Above Threshold'];
const LONG_TASK_MS = 50;

interface RenderRow {
  load: number;
  first_render_ms: number | null;
  total_blocking_ms: number | null;
  long_tasks: number | null;
  longest_task_ms: number | null;
}

export interface ChangeRow {
  kind: 'search' | 'filter';
  action: string;
  ms: number | null;
}

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
export async function signIn(page: Page, address: string): Promise<void> {
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

export interface BrowserFigures {
  loads: RenderRow[];
  signInJs: Weight;
  dashboardJs: Weight;
  changes: ChangeRow[];
  notes: string[];
}

export async function measureInChromium(address: string, jsFiles: JsFiles): Promise<BrowserFigures> {
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
