import { encodeRequestBody } from '@pluvio/shared/request-body';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  baseUrl,
  DEMO_PASSWORD,
  demo,
  expectAccessible,
  newPage,
  screenshot,
  settle,
  signIn,
  VIEWPORTS,
} from './browser';

export { settle };

/** Where each demo login lands and the welcome line it shows (spec part 1 §2). */
export const DEMO_LOGINS = [
  { local: 'admin', landing: '/admin', welcome: 'Welcome Ada Admin (admin)' },
  { local: 'gold', landing: '/dashboard', welcome: 'Welcome Gail Gold (Gold Level)' },
  { local: 'silver', landing: '/dashboard', welcome: 'Welcome Sam Silver (Silver Level)' },
  { local: 'bronze', landing: '/dashboard', welcome: 'Welcome Bea Bronze (Bronze Level)' },
  { local: 'trial', landing: '/dashboard', welcome: 'Welcome Tom Trial (Gold Level)' },
  { local: 'contact', landing: '/dashboard', welcome: 'Welcome Carl Contact (Gold Level)' },
  { local: 'coowner', landing: '/dashboard', welcome: 'Welcome Cora Coowner (Gold Level)' },
  { local: 'multi', landing: '/dashboard', welcome: 'Welcome Max Multi (Gold Level)' },
] as const;

/** The pathname of the page as it is now. */
export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Signs in and waits for the landing page the role should reach. */
export async function signInAndLand(
  page: Page,
  email: string,
  landing = '/dashboard',
  password = DEMO_PASSWORD,
) {
  await signIn(page, email, password);
  await page.waitForURL((url) => url.pathname === landing);
}

/** The login screen's answer to a wrong e-mail address or password. */
export const BAD_CREDENTIALS = 'Sorry we could not login using the email address or password you provided';

/** Signs in with credentials the server refuses and returns the alert that says so, once it shows. */
export async function signInRefused(page: Page, email: string, password: string): Promise<Locator> {
  await signIn(page, email, password);
  const alert = page.getByRole('alert').filter({ hasText: BAD_CREDENTIALS });
  await alert.waitFor();
  return alert;
}

/** expect.poll options for what waits on the server: its default second is short on a busy machine. */
export const WAIT = { timeout: 10_000 } as const;

/** Polls until the text is visible somewhere on the page. */
export async function expectText(page: Page, text: string | RegExp): Promise<void> {
  await expect
    .poll(() => page.getByText(text).first().isVisible(), {
      message: `text ${String(text)} on ${page.url()}`,
      timeout: 10_000,
    })
    .toBe(true);
}

/** The initials button that opens the user menu. */
export const userMenuButton = (page: Page) => page.getByRole('button', { name: /^User menu of / });

export async function openUserMenu(page: Page): Promise<void> {
  if (!(await page.getByRole('dialog', { name: /^User menu of/ }).isVisible()))
    await userMenuButton(page).click();
  await page.getByRole('button', { name: 'Logout' }).waitFor();
  await settle(page);
}

/** The labels and targets of the links of the header's main navigation, in order. */
export async function mainNavLinks(page: Page, name = 'Main'): Promise<{ label: string; href: string }[]> {
  const nav = page.getByRole('navigation', { name });
  await nav.getByRole('link').first().waitFor();
  return nav
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((link) => ({ label: link.textContent?.trim() ?? '', href: link.getAttribute('href') ?? '' })),
    );
}

/** An API call with a bearer token, made from the test process (set-up and clean-up only). */
export async function api<T = unknown>(
  path: string,
  options: { method?: string; json?: unknown; token?: string; form?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const encoded = encodeRequestBody(options);
  if (encoded) headers['Content-Type'] = encoded.contentType;
  const response = await fetch(`${baseUrl()}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: encoded?.body,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Signs in through the API and returns the access token. */
export async function apiToken(email: string, password = DEMO_PASSWORD): Promise<string> {
  const { status, body } = await api<{ access_token?: string }>('/auth/jwt/login', {
    method: 'POST',
    form: { username: email, password },
  });
  if (status !== 200 || !body?.access_token) throw new Error(`API sign-in of ${email} failed (${status})`);
  return body.access_token;
}

interface OutboxItem {
  id: number;
  to: string;
  subject: string | null;
  text: string;
  created_at: string;
}

/** The newest 250 messages of the outbox, read with an administrator's token. */
async function outboxItems(adminToken: string): Promise<OutboxItem[]> {
  return (await api<{ items: OutboxItem[] }>('/api/admin/outbox?page=1&page_size=250', { token: adminToken }))
    .body.items;
}

/**
 * The newest e-mail to `to` whose subject contains `subject`, waiting (up to `timeout` ms) for
 * the outbox to have it.
 */
export async function newestMail(
  to: string,
  subject: string,
  timeout: number = WAIT.timeout,
): Promise<OutboxItem> {
  const adminToken = await apiToken(demo('admin'));
  let found: OutboxItem | undefined;
  await expect
    .poll(
      async () => {
        found = (await outboxItems(adminToken)).find(
          (item) => item.to === to && item.subject?.includes(subject),
        );
        return found !== undefined;
      },
      { timeout, interval: 1_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`no e-mail to ${to}`);
  return found;
}

/** Sets a user's password back through the API (forgot-password, the outbox, reset-password). */
export async function resetPasswordByApi(email: string, password: string): Promise<void> {
  const adminToken = await apiToken(demo('admin'));
  const outbox = () => outboxItems(adminToken);
  const lastId = Math.max(0, ...(await outbox()).map((item) => item.id));
  await api('/auth/forgot-password', { method: 'POST', json: { email } });
  let token: string | undefined;
  const deadline = Date.now() + 10_000;
  while (!token && Date.now() < deadline) {
    const message = (await outbox())
      .filter((item) => item.id > lastId && item.to === email && item.subject?.includes('Reset'))
      .sort((a, b) => b.id - a.id)[0];
    token = message?.text.match(/reset-password\?token=([^\s]+)/)?.[1];
    if (!token) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!token) throw new Error(`no reset e-mail to ${email}`);
  const { status } = await api('/auth/reset-password', {
    method: 'POST',
    json: { token: decodeURIComponent(token), password },
  });
  if (status >= 300) throw new Error(`reset of ${email} failed (${status})`);
}

/** A name no other test and no earlier run uses: the prefix and a random suffix. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
}

/** A new browser context signed in as the demo login, on its landing page. */
export async function signedInPage(
  browser: Browser,
  local: string,
  viewport: keyof typeof VIEWPORTS = 'desktop',
  landing = '/dashboard',
): Promise<Page> {
  const page = await newPage(browser, viewport);
  await signInAndLand(page, demo(local), landing);
  return page;
}

/** Goes to a screen by its address and waits for its title. */
export async function openScreen(page: Page, address: string, title: string | RegExp): Promise<void> {
  await page.goto(address);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

/**
 * Saves the screen as it is now at desktop and at phone width, with an axe scan at each width
 * and no sideways scrolling on the phone, then goes back to the width it had. `ready` waits for
 * what the other layout must show.
 */
export async function captureScreen(
  page: Page,
  name: string,
  ready: (page: Page) => Promise<unknown> = () => Promise.resolve(),
): Promise<void> {
  const original = page.viewportSize() ?? VIEWPORTS.desktop;
  for (const viewport of ['desktop', 'phone'] as const) {
    await page.setViewportSize(VIEWPORTS[viewport]);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    await ready(page);
    await screenshot(page, `${name}-${viewport}`);
    await expectAccessible(page);
    if (viewport === 'phone') await expectNoSidewaysScroll(page);
  }
  await page.setViewportSize(original);
}

/**
 * Answers the app's confirmation dialog (a Mantine modal, not `window.confirm`) with the button
 * named `button` ('Cancel' refuses); resolves with the dialog's text, read before it closes.
 */
export async function answerConfirmation(page: Page, button: string): Promise<string> {
  const dialog = page
    .getByRole('dialog')
    .filter({ has: page.getByRole('button', { name: button, exact: true }) });
  await dialog.waitFor(WAIT);
  const text = (await dialog.textContent()) ?? '';
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ ...WAIT, state: 'hidden' });
  return text;
}

/** The page is no wider than the window: nothing needs scrolling sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  expect(widths.page, `page width on ${page.url()}`).toBeLessThanOrEqual(widths.window);
}

/** A table's body rows as the text of their cells. */
export function tableRows(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent?.trim() ?? '')),
    );
}

interface Named {
  id: number;
  name: string;
}

/** Every location or contact of the token user's active account (set-up and clean-up only). */
export async function listByApi(kind: 'locations' | 'contacts', token: string): Promise<Named[]> {
  const { status, body } = await api<Named[]>(`/api/${kind}/?page=1&page_size=250`, { token });
  if (status !== 200) throw new Error(`listing ${kind} failed (${status})`);
  return body;
}

/** Deletes the token user's locations or contacts whose names the test chose. */
export async function deleteByApi(
  kind: 'locations' | 'contacts',
  token: string,
  chosen: (name: string) => boolean,
): Promise<void> {
  for (const item of await listByApi(kind, token)) {
    if (!chosen(item.name)) continue;
    const { status } = await api(`/api/${kind}/${item.id}`, { method: 'DELETE', token });
    if (status !== 204 && status !== 404) throw new Error(`deleting ${kind} ${item.name} failed (${status})`);
  }
}

/** Creates a location or contact through the API and returns its id. */
export async function createByApi(
  kind: 'locations' | 'contacts',
  token: string,
  json: Record<string, unknown>,
): Promise<number> {
  const { status, body } = await api<{ id: number }>(`/api/${kind}/`, {
    method: 'POST',
    token,
    json: { status: 'active', ...json },
  });
  if (status !== 201) throw new Error(`creating ${kind} failed (${status}): ${JSON.stringify(body)}`);
  return body.id;
}

/** The element lies wholly inside the window's width, reachable without scrolling sideways. */
export async function expectInsideWindow(locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  const width = await locator.page().evaluate(() => window.innerWidth);
  expect(box, 'element on screen').not.toBeNull();
  expect(box && box.x >= 0 && box.x + box.width <= width, `${String(locator)} inside ${width} px`).toBe(true);
}

/**
 * Signs gold in on a new page at the Add Location form and runs the test's steps there with a
 * new location name; closes the page and deletes that location after them.
 */
export async function onAddLocationForm(
  browser: Browser,
  prefix: string,
  steps: (page: Page, name: string, token: string) => Promise<void>,
): Promise<void> {
  const token = await apiToken(demo('gold'));
  const name = uniqueName(prefix);
  const page = await signedInPage(browser, 'gold');
  try {
    await openScreen(page, '/location-form', 'Add Location');
    await steps(page, name, token);
  } finally {
    await page.context().close();
    await deleteByApi('locations', token, (each) => each === name);
  }
}

/** The cell of Settings > Locations that shows a location's name (beside its star; on a phone, above its category). */
export function locationNameCell(scope: Page | Locator, name: string): Locator {
  const page = 'page' in scope ? scope.page() : scope;
  return scope.getByRole('cell').filter({ has: page.getByText(name, { exact: true }) });
}

/** Saves the location form and waits for its success message and the list it goes back to. */
export async function saveLocationForm(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save' }).click();
  await expectText(page, 'Successfully Updated');
  await page.waitForURL((url) => url.pathname === '/location-list');
}
