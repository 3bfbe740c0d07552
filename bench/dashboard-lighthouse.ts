import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM, signIn } from './dashboard-chromium';
import { round } from './dashboard-support';

// Lighthouse on / and on /dashboard signed in, with the audits that cost points.

export interface LighthouseRow {
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
export async function runLighthouse(address: string): Promise<LighthouseRow[]> {
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
