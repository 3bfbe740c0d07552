import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, DEMO_PASSWORD, demo, signIn } from './browser';

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
  let body: string | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(`${baseUrl()}${path}`, { method: options.method ?? 'GET', headers, body });
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

/** Sets a user's password back through the API (forgot-password, the outbox, reset-password). */
export async function resetPasswordByApi(email: string, password: string): Promise<void> {
  const adminToken = await apiToken(demo('admin'));
  const outbox = async () =>
    (await api<{ items: OutboxItem[] }>('/api/admin/outbox?page=1&page_size=50', { token: adminToken })).body
      .items;
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

/** Waits until no CSS transition or animation is running (drawers and popovers slide in). */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}
