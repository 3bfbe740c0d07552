import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiToken, captureScreen, expectText, openScreen, signedInPage, WAIT } from './support/app';
import { demo, launchBrowser } from './support/browser';

const NO_CARD =
  'No card on file: this installation takes payments through its built-in test checkout, which charges nothing.';

const card = (page: Page, plan: string) => page.getByRole('region', { name: `${plan} plan` });
const summary = (page: Page) => page.getByRole('region', { name: 'Subscription' });

/** The demo's trial@ account as the other files expect it: a Gold trial again (a superuser's change). */
async function makeTrialAgain(): Promise<void> {
  const token = await apiToken(demo('trial'));
  const me = await api<{ clients: { id: number }[] }>('/users/me', { token });
  const clientId = me.body.clients[0]?.id;
  const admin = await apiToken(demo('admin'));
  const restored = await api(`/api/clients/${clientId}`, {
    method: 'PATCH',
    token: admin,
    json: { account_type: 'trial', tier: 'gold' },
  });
  expect(restored.status).toBe(200);
}

describe("the demo's Gold trial subscribes through the test checkout", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await makeTrialAgain();
    await browser.close();
  });

  it('sees its plan and no bill, upgrades to Gold, then sees the bill it will pay and no card on file', async () => {
    const page = await signedInPage(browser, 'trial');
    try {
      await openScreen(page, '/client-form', 'My Subscription');
      await summary(page).getByText('Free trial until').waitFor(WAIT);
      await captureScreen(page, 'my-subscription-trial');

      await openScreen(page, '/upgrade', 'Choose Your Plan');
      await card(page, 'Gold').getByText('Current plan').waitFor();
      expect(await card(page, 'Bronze').getByRole('button', { name: 'Upgrade' }).count()).toBe(0);
      await card(page, 'Bronze').getByRole('button', { name: 'Change to Bronze' }).waitFor();
      await captureScreen(page, 'upgrade-gold-trial');
      await card(page, 'Gold').getByRole('button', { name: 'Upgrade' }).click();

      await page.waitForURL((url) => url.pathname.startsWith('/checkout/test/'), WAIT);
      await page.getByRole('heading', { level: 1, name: 'Pay Pluvio' }).waitFor();
      await expectText(page, 'Gold plan');
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Congratulations You Subscribed To' }).waitFor(WAIT);
      await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 15_000 });

      await openScreen(page, '/client-form', 'My Subscription');
      await summary(page).getByText(NO_CARD).waitFor(WAIT);
      await expectText(page, /^on \w{3}, \w{3} \d{1,2}, \d{4}$/);
      await captureScreen(page, 'my-subscription-paid');

      await summary(page).getByRole('button', { name: 'Cancel subscription' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
      await dialog.getByText(/^Your plan stays as it is through /).waitFor();
      await captureScreen(page, 'cancel-subscription-dialog');
      await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
      await summary(page)
        .getByText(/^Your subscription ends after /)
        .waitFor(WAIT);
      await captureScreen(page, 'my-subscription-cancelled');
      await summary(page).getByRole('button', { name: 'Keep my subscription' }).click();
      await summary(page).getByRole('button', { name: 'Cancel subscription' }).waitFor(WAIT);

      await openScreen(page, '/upgrade', 'Choose Your Plan');
      await card(page, 'Gold').getByText('Current plan').waitFor();
      expect(await card(page, 'Gold').getByRole('button').count()).toBe(0);
      await captureScreen(page, 'upgrade-paid-gold');

      await card(page, 'Silver').getByRole('button', { name: 'Change to Silver' }).click();
      const change = page.getByRole('dialog', { name: 'Change to Silver?' });
      await change.getByText(/The monthly price goes from \$24\.00 to \$18\.00/).waitFor();
      await captureScreen(page, 'change-plan-dialog');
      await change.getByRole('button', { name: 'Change to Silver' }).click();
      await page.getByText('Your plan is now Silver.').waitFor(WAIT);
      await card(page, 'Silver').getByText('Current plan').waitFor(WAIT);
      await captureScreen(page, 'upgrade-changed-to-silver');

      const admin = await apiToken(demo('admin'));
      const mails = await api<{ items: { kind: string; to: string; subject: string }[] }>(
        '/api/admin/outbox?search=trial%40pluvio.example',
        { token: admin },
      );
      const receipts = mails.body.items.filter((mail) => mail.kind === 'payment_receipt');
      expect(receipts.map((mail) => mail.subject)).toEqual([
        'Your Pluvio receipt: $24.00 for Gold, Panhandle Paving',
      ]);
    } finally {
      await page.context().close();
    }
  }, 240_000);
});
