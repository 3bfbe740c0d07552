/// <reference lib="dom" />
/**
 * What the dashboard benchmark stands on: the web app built once into a folder and weighed, the
 * real server on PGlite with a 10,000-location gold account, and the two functions that run
 * inside the page (the first-render probe and the timing of one list change).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp } from '../apps/server/src/app';
import { productDate } from '../apps/server/src/core/lib/time';
import { hashPassword } from '../apps/server/src/core/passwords';
import type { Services } from '../apps/server/src/services';
import { openDemoServices } from './demo-app';

const WEB_DIR = path.resolve(import.meta.dirname, '../apps/web');
const INSERT_BATCH = 2_000;
const DAY = 24 * 3_600_000;

export const SCALE_LOCATIONS = 10_000;
export const SCALE_USER = { email: 'scale@pluvio.example', password: 'Rainfall#2026' } as const;

/** Runs the clean-ups registered so far, newest first, even when one of them fails. */
export class Cleanups {
  private readonly steps: (() => unknown)[] = [];

  add(step: () => unknown): void {
    this.steps.push(step);
  }

  async run(): Promise<void> {
    for (const step of this.steps.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error('clean-up failed:', error);
      }
    }
  }
}

export const round = (value: number, digits = 1) => Number(value.toFixed(digits));

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}

// ---------------------------------------------------------------- the web build and its weight

/** Builds apps/web with its own Vite config into `outDir` (a child process: Vite sets NODE_ENV). */
export function buildWebApp(outDir: string): void {
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: WEB_DIR,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

export interface Weight {
  files: number;
  bytes: number;
  gzip_bytes: number;
}

/** Every .js file of the build by its URL path (`/assets/x.js`), raw and gzipped. */
export type JsFiles = Map<string, { bytes: number; gzip_bytes: number }>;

export function jsFilesOf(outDir: string): JsFiles {
  const files: JsFiles = new Map();
  for (const relative of fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
    if (!relative.endsWith('.js')) continue;
    const content = fs.readFileSync(path.join(outDir, relative));
    const urlPath = `/${relative.split(path.sep).join('/')}`;
    files.set(urlPath, { bytes: content.length, gzip_bytes: gzipSync(content).length });
  }
  return files;
}

/** The scripts and module preloads index.html asks for: what every page loads before it runs. */
export function entryScripts(outDir: string): string[] {
  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  return tags
    .filter((tag) => tag.startsWith('<script') || /rel="modulepreload"/.test(tag))
    .map((tag) => tag.match(/\b(?:src|href)="([^"]+\.js)"/)?.[1])
    .filter((src): src is string => src !== undefined);
}

/** The summed weight of the named files; names the build does not have are left out. */
export function weightOf(files: JsFiles, urlPaths: Iterable<string>): Weight {
  const weight: Weight = { files: 0, bytes: 0, gzip_bytes: 0 };
  for (const urlPath of new Set(urlPaths)) {
    const file = files.get(urlPath);
    if (!file) continue;
    weight.files += 1;
    weight.bytes += file.bytes;
    weight.gzip_bytes += file.gzip_bytes;
  }
  return weight;
}

// ---------------------------------------------------------------- the server with 10,000 locations

/** A user owning a gold account, as the demo seed makes its owners. */
async function createScaleAccount(services: Services): Promise<number> {
  const { users, accounts } = services;
  const user = await users.create({
    email: SCALE_USER.email,
    passwordHash: await hashPassword(SCALE_USER.password),
    firstName: 'Sally',
    lastName: 'Scale',
    phone: '512-555-0110',
    role: 'client',
    isVerified: true,
    agreeToTerms: true,
    agreeToPrivacyPolicy: true,
  });
  const client = await accounts.createClient({
    accountName: 'Continental Sites',
    email: SCALE_USER.email,
    status: 'active',
    accountType: 'paid',
    tier: 'gold',
    lastPaymentStatus: 'paid',
    ownerUserId: user.id,
    forecastOn: true,
    atlas14On: true,
    atlas14H24On: true,
    atlas14H1On: true,
    rapidrainOn: true,
  });
  await users.setPrimaryClient(user.id, client.id);
  return client.id;
}

/** Deterministic spread over the contiguous US (25-49 N, 124-67 W), named 'Site 1' to 'Site 10000'. */
function scaleLocation(clientId: number, index: number, dataStartDate: string) {
  const g = index + 1;
  return {
    clientId,
    name: `Site ${g}`,
    latitude: round(25 + (24 * ((g * 7919) % 10007)) / 10007, 5),
    longitude: round(-124 + (57 * ((g * 104729) % 10009)) / 10009, 5),
    h24Threshold: 0.5,
    rapidrainThreshold: 0.25,
    dataStartDate,
  };
}

async function addScaleLocations(services: Services, clientId: number): Promise<void> {
  const { clock, config, locations } = services;
  const dataStartDate = productDate(clock.now(), config.TIME_ZONE, -2);
  // One statement per batch: a single insert of 10,000 rows passes PostgreSQL's 65,535 parameters.
  for (let start = 0; start < SCALE_LOCATIONS; start += INSERT_BATCH) {
    const count = Math.min(INSERT_BATCH, SCALE_LOCATIONS - start);
    await locations.createMany(
      Array.from({ length: count }, (_, offset) => scaleLocation(clientId, start + offset, dataStartDate)),
    );
  }
  await locations.fillAtlas14();
}

export interface BenchApp {
  address: string;
  close: () => Promise<void>;
}

/**
 * The real app on in-memory PGlite serving the build in `webDist`: the demo data, the
 * 10,000-location account and one day of simulator rainfall, so totals and colours vary.
 */
export async function startBenchApp(webDist: string): Promise<BenchApp> {
  const { database, services } = await openDemoServices(undefined, { WEB_DIST: webDist });
  try {
    await addScaleLocations(services, await createScaleAccount(services));
    const now = services.clock.now();
    await services.ingestion.ingestRange(new Date(now.getTime() - DAY), now);
    const app = await buildApp(services, { logger: false });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    return {
      address,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

// ---------------------------------------------------------------- inside the page

/**
 * tsx keeps function names by wrapping inner functions in `__name(...)`; the page has no such
 * helper, so the functions below would fail there without this init script.
 */
export const KEEP_NAMES_SHIM = 'globalThis.__name = (fn) => fn;';

/** The dashboard's DOM contract with this benchmark. */
export const LIST_SELECTOR = '[data-testid="location-list"]';
export const ROW_SELECTOR = `${LIST_SELECTOR} [data-location-id]`;
export const MAP_SELECTOR = '[data-testid="location-map"][data-marker-count]';

export interface RenderProbe {
  /** ms from navigation start to the first frame after the list has a row and the map markers. */
  firstRenderMs: number | null;
  longTasks: { start: number; duration: number }[];
}

declare global {
  interface Window {
    __dashboardProbe?: RenderProbe;
  }
}

/**
 * An init script (runs before the app in every document): records long tasks, and the first
 * frame painted after a list row and a map with at least one marker are both in the DOM.
 * Self-contained: Playwright sends its source to the page.
 */
export function installRenderProbe(selectors: { row: string; map: string }): void {
  const probe: RenderProbe = { firstRenderMs: null, longTasks: [] };
  window.__dashboardProbe = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask' });
  const rendered = () =>
    document.querySelector(selectors.row) !== null &&
    Number(document.querySelector(selectors.map)?.getAttribute('data-marker-count')) > 0;
  const observer = new MutationObserver(() => {
    if (!rendered()) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (probe.firstRenderMs = performance.now())));
  });
  observer.observe(document, { subtree: true, childList: true, attributeFilter: ['data-marker-count'] });
}

export interface ListChange {
  target: Element;
  /** Types `text` into an input as one input event, or clicks the target. */
  action: { type: 'text'; text: string } | { type: 'click' };
  listSelector: string;
  timeoutMs: number;
}

/**
 * Runs in the page: does the action and answers the ms from just before it to the first frame
 * after the list's rendered rows (their ids, in order) differ from before; null when they do
 * not change within the time-out. Self-contained.
 */
export function timeListChange({
  target,
  action,
  listSelector,
  timeoutMs,
}: ListChange): Promise<number | null> {
  const renderedRows = () =>
    [...(document.querySelector(listSelector)?.querySelectorAll('[data-location-id]') ?? [])]
      .map((row) => row.getAttribute('data-location-id'))
      .join(',');
  const before = renderedRows();
  return new Promise((resolve) => {
    let started = 0;
    const observer = new MutationObserver(() => {
      if (renderedRows() === before) return;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started)));
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      resolve(null);
    }, timeoutMs);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributeFilter: ['data-location-id'],
    });
    started = performance.now();
    if (action.type === 'click') {
      (target as HTMLElement).click();
      return;
    }
    // React tracks the value itself: set it through the prototype so the input event counts.
    const input = target as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, action.text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
