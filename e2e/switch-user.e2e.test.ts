import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerConfirmation,
  captureScreen,
  expectText,
  openScreen,
  pathOf,
  signedInPage,
  WAIT,
} from './support/app';
import { demo, launchBrowser, newPage } from './support/browser';

const CANCELLED = 'Admin cancelled swap request. Returning Admin to List page';
const actAsQuestion = (email: string) =>
  `Act as ${email}? You will use the product as this user until you return to your account.`;

const actingAsBar = (page: Page) => page.getByRole('complementary', { name: 'Acting as another user' });

async function landOn(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, WAIT);
}

/** Gail's dashboard has drawn its data, at whatever width. */
const dashboardShown = (page: Page) =>
  page
    .getByText(/^Data Up To \d{4} ET$/)
    .first()
    .waitFor(WAIT);

/** Acting as someone: their dashboard under the bar naming the admin; then back to /admin. */
async function expectActingAsThenReturn(page: Page, name: string, welcome: string): Promise<void> {
  await landOn(page, '/dashboard');
  await expectText(page, welcome);
  await expectText(page, `Ada Admin is acting as ${name}`);
  await actingAsBar(page).getByRole('button', { name: 'Return to admin' }).click();
  await landOn(page, '/admin');
  await expectText(page, 'Welcome Ada Admin (admin)');
  expect(await actingAsBar(page).count()).toBe(0);
}

describe('switch user and acting as another user', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    // Right after the server starts (demo data, first jobs) its first pages are slow on a busy
    // machine: load the sign-in page once here, under the hook's longer time limit.
    const warmUp = await newPage(browser);
    await warmUp.goto('/', { timeout: 110_000 });
    await warmUp.context().close();
  });
  afterAll(() => browser.close());

  it('switches the admin to gold@ from /switch, shows the bar on every page, and returns', async () => {
    const page = await signedInPage(browser, 'admin', 'desktop', '/admin');
    await openScreen(page, '/switch', 'Switch User');
    await expectText(page, 'Type to Search Users...');
    const search = page.getByRole('searchbox', { name: /Search/ });
    expect(await search.getAttribute('placeholder')).toBe('Search Users...');
    await search.fill('a');
    await page.getByRole('radio', { name: /Gail Gold/ }).waitFor(WAIT);
    // Another superuser cannot be chosen.
    expect(await page.getByRole('radio', { name: /Ada Admin/ }).isDisabled()).toBe(true);
    await page.getByRole('radio', { name: /Gail Gold/ }).click();
    await expectText(page, 'Subscription Level: Gold');
    await captureScreen(page, 'switch-user');

    await page.getByRole('button', { name: 'Switch User!' }).click();
    await landOn(page, '/dashboard');
    await expectText(page, 'Welcome Gail Gold (Gold Level)');
    await expectText(page, 'Ada Admin is acting as Gail Gold');
    await captureScreen(page, 'acting-as-bar', dashboardShown);
    await openScreen(page, '/reports', 'Reports');
    await expectText(page, 'Ada Admin is acting as Gail Gold');
    await page.goto('/dashboard');
    await expectActingAsThenReturn(page, 'Gail Gold', 'Welcome Gail Gold (Gold Level)');
  });

  it("acts as a client's owner from the clients list after confirming, and says so when cancelled", async () => {
    const page = await signedInPage(browser, 'admin', 'desktop', '/admin');
    await openScreen(page, '/settings-admin', 'Clients');
    const actAs = page.getByRole('button', { name: 'Act as the owner of Metroplex Facilities' });
    await actAs.click();
    expect(await answerConfirmation(page, 'Cancel')).toContain(actAsQuestion(demo('silver')));
    await expectText(page, CANCELLED);
    expect(pathOf(page)).toBe('/settings-admin');

    await actAs.click();
    expect(await answerConfirmation(page, 'Act as this user')).toContain(actAsQuestion(demo('silver')));
    await expectActingAsThenReturn(page, 'Sam Silver', 'Welcome Sam Silver (Silver Level)');
  });

  it('acts as a contact from the contact list and returns', async () => {
    const page = await signedInPage(browser, 'admin', 'desktop', '/admin');
    await openScreen(page, '/contact-list', 'Contacts');
    await page.getByRole('button', { name: 'Act as Carl Contact' }).click();
    expect(await answerConfirmation(page, 'Cancel')).toContain(actAsQuestion(demo('contact')));
    await expectText(page, CANCELLED);

    await page.getByRole('button', { name: 'Act as Carl Contact' }).click();
    await answerConfirmation(page, 'Act as this user');
    await expectActingAsThenReturn(page, 'Carl Contact', 'Welcome Carl Contact (Gold Level)');
  });
});
