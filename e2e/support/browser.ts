import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const DEMO_PASSWORD = 'Rainfall#2026';
export const demo = (local: string) => `${local}@pluvio.example`;
export const baseUrl = () => inject('baseUrl');

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 740 },
} as const;

const outputDir = path.resolve(import.meta.dirname, '../output');

/** Debian's Chromium, headless, kept off the network beyond this machine. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A page in a new context; `timezoneId` sets the browser's own time zone (the machine's by default). */
export async function newPage(
  browser: Browser,
  viewport: keyof typeof VIEWPORTS = 'desktop',
  timezoneId?: string,
): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], baseURL: baseUrl(), timezoneId });
  return context.newPage();
}

/** Signs in through the login screen, as a person would. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Frames in a row without motion that count as settled, and how long settling may take. */
const QUIET_FRAMES = 5;
const SETTLE_TIMEOUT_MS = 10_000;

/**
 * Waits until no CSS transition or finite animation has run for a few frames in a row: drawers,
 * popovers and dialogs slide and fade in, and a half-faded dialog fails axe's colour contrast.
 * A Mantine transition starts two frames after its element mounts, so one quiet frame proves
 * nothing. Endless animations (loaders, striped progress bars) never stop and are left out.
 */
export async function settle(page: Page): Promise<void> {
  const stillMoving = await page.evaluate(
    ({ quietFrames, timeoutMs }) =>
      new Promise<string[]>((resolve) => {
        const deadline = performance.now() + timeoutMs;
        let quiet = 0;
        const check = () => {
          const moving = document
            .getAnimations()
            .filter(
              (animation) =>
                animation.playState === 'running' &&
                animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
            );
          quiet = moving.length > 0 ? 0 : quiet + 1;
          if (quiet >= quietFrames) resolve([]);
          else if (performance.now() > deadline)
            resolve(
              moving.map(
                (animation) =>
                  (animation as CSSTransition).transitionProperty ??
                  (animation as CSSAnimation).animationName ??
                  'script animation',
              ),
            );
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    { quietFrames: QUIET_FRAMES, timeoutMs: SETTLE_TIMEOUT_MS },
  );
  expect(stillMoving, `animations still running on ${page.url()}`).toEqual([]);
}

/**
 * Frames sandboxed without scripts (the Reports screen shows a report in one) stall axe's run
 * inside them: they are left out of the page's scan and their documents scanned on their own.
 */
const SCRIPTLESS_FRAMES = 'iframe[sandbox]:not([sandbox~="allow-scripts"])';

async function seriousViolations(page: Page, exclude?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (exclude) builder.exclude(exclude);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** The serious violations of each script-less frame's document, scanned as a page of its own. */
async function framedViolations(page: Page): Promise<string[]> {
  const documents = await page
    .locator(SCRIPTLESS_FRAMES)
    .evaluateAll((frames) => frames.map((frame) => (frame as HTMLIFrameElement).srcdoc));
  const found: string[] = [];
  for (const [index, html] of documents.entries()) {
    expect(html, `script-less frame ${index} on ${page.url()} has a srcdoc to scan`).not.toBe('');
    const framed = await page.context().newPage();
    try {
      await framed.setContent(html);
      found.push(...(await seriousViolations(framed)).map((violation) => `frame ${index}: ${violation}`));
    } finally {
      await framed.close();
    }
  }
  return found;
}

/** Fails on any serious or critical accessibility violation of the page once it has settled. */
export async function expectAccessible(page: Page): Promise<void> {
  await settle(page);
  const serious = [...(await seriousViolations(page, SCRIPTLESS_FRAMES)), ...(await framedViolations(page))];
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}

/** Saves a screenshot of one part of the settled page under e2e/output (not committed). */
export async function screenshotOf(part: Locator, name: string): Promise<void> {
  await settle(part.page());
  fs.mkdirSync(outputDir, { recursive: true });
  await part.screenshot({ path: path.join(outputDir, `${name}.png`) });
}

/** Saves a screenshot of the settled page under e2e/output (not committed) for people to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await settle(page);
  fs.mkdirSync(outputDir, { recursive: true });
  // A full-page capture of a scrolled page draws the sticky header at the scroll position.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(outputDir, `${name}.png`), fullPage: true });
}
