import { WEBHOOK_SECRET_PREFIX } from '@pluvio/shared/webhooks';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../apps/server/src/test/webhook-receiver';
import { api, apiToken, captureScreen, expectText, openScreen, signedInPage, WAIT } from './support/app';
import { demo, launchBrowser } from './support/browser';

/** How long a queued delivery may take: the worker picks it up from the outbox. */
const SENT = { timeout: 30_000 } as const;

/** The id of the signed-in user's active account, as the browser keeps it. */
const activeClientId = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').clients?.[0]?.id as number);

/** Deletes the account's endpoints that post to `url` (clean-up). */
async function deleteEndpoints(token: string, clientId: number, url: string): Promise<void> {
  const { body } = await api<{ id: number; url: string }[]>(`/api/webhooks?client_id=${clientId}`, { token });
  for (const endpoint of body.filter((each) => each.url === url)) {
    await api(`/api/webhooks/${endpoint.id}?client_id=${clientId}`, { method: 'DELETE', token });
  }
}

describe('webhooks', () => {
  let browser: Browser;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    browser = await launchBrowser();
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await browser.close();
    await receiver.close();
  });

  it('adds an endpoint, shows its secret once and delivers a signed test event it verifies', async () => {
    const page = await signedInPage(browser, 'gold');
    const token = await apiToken(demo('gold'));
    const clientId = await activeClientId(page);
    try {
      await openScreen(page, '/client-form', 'My Subscription');
      const section = page.getByRole('region', { name: 'Webhooks' });
      await section.getByRole('button', { name: 'Add Endpoint' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Webhook Endpoint' });
      await dialog.getByRole('textbox', { name: /Endpoint URL/ }).fill(receiver.url);
      await dialog.getByRole('button', { name: 'Add Endpoint' }).click();

      const shown = dialog.getByLabel('Signing secret');
      await shown.waitFor(WAIT);
      const secret = ((await shown.textContent()) ?? '').trim();
      expect(secret.startsWith(WEBHOOK_SECRET_PREFIX)).toBe(true);
      receiver.state.secret = secret;
      await expectText(page, 'Store this signing secret now: it will not be shown again.');
      await captureScreen(page, 'webhooks-secret');
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ ...WAIT, state: 'hidden' });
      expect(await page.getByText(secret).count()).toBe(0);

      await section.getByText(receiver.url).waitFor(WAIT);
      await section.getByRole('button', { name: `Send test event to ${receiver.url}` }).click();
      await expectText(page, 'Test event queued; it appears below when sent.');
      await expect
        .poll(() => receiver.received.some((hook) => hook.verified), {
          ...SENT,
          message: 'a test event signed with the secret',
        })
        .toBe(true);
      const ping = receiver.received.find((hook) => hook.verified);
      expect(ping?.event).toMatchObject({ type: 'ping', client_id: clientId });

      const log = section.getByRole('table', { name: 'Deliveries' });
      await log.getByRole('row').filter({ hasText: 'ping' }).filter({ hasText: 'Delivered' }).waitFor(SENT);
      await captureScreen(page, 'webhooks');
    } finally {
      await page.context().close();
      await deleteEndpoints(token, clientId, receiver.url);
    }
  });
});
