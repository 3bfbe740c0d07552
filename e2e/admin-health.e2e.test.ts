import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiToken, captureScreen, signInAndLand, tableRows } from './support/app';
import { demo, launchBrowser, newPage } from './support/browser';

const CATCH_UP = { timeout: 240_000, interval: 2_000 } as const;

describe('system health and audit trail', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it("shows admin@ today's e-mails, texts and the data status, and the audit trail of a switch of user", async () => {
    // Today's e-mail: a reset request, held in the outbox (no SMTP server here).
    expect(
      (await api('/auth/forgot-password', { method: 'POST', json: { email: demo('bronze') } })).status,
    ).toBe(202);
    // The old client's masquerade: only the admin's bearer token.
    const adminToken = await apiToken(demo('admin'));
    const switched = await api(`/api/services/user-token?email=${encodeURIComponent(demo('gold'))}`, {
      method: 'POST',
      token: adminToken,
    });
    expect(switched.status).toBe(200);

    // The start-up catch-up stores the simulator's recent hours, newest first, and then weeks of
    // history: on the embedded database that holds the server's one thread for long stretches.
    const newestPass1 = async () =>
      (
        await api<{ passes: { pass: number; newest_hour: string | null }[] }>('/api/admin/health', {
          token: adminToken,
        })
      ).body.passes.find((pass) => pass.pass === 1)?.newest_hour;
    await expect.poll(newestPass1, CATCH_UP).toBeTruthy();
    const page = await newPage(browser, 'desktop');
    page.setDefaultNavigationTimeout(CATCH_UP.timeout);
    page.setDefaultTimeout(CATCH_UP.timeout);
    await signInAndLand(page, demo('admin'), '/admin');
    await page.getByRole('heading', { level: 1, name: /^Overall System Health / }).waitFor();
    const emails = page.getByRole('region', { name: 'Emails' });
    await expect.poll(() => emails.textContent(), CATCH_UP).toMatch(/\d+ Processed\d+ errors/);
    expect(await emails.textContent()).toMatch(/[1-9]\d* kept in the outbox \(no mail server\)/);
    expect(await emails.getByRole('link', { name: 'E-mail delivery report' }).getAttribute('href')).toBe(
      '/reports?type=emails',
    );
    expect(await page.getByRole('region', { name: 'SMS' }).textContent()).toMatch(/\d+\/\d+\d+ errors/);
    const pass1 = page.getByRole('region', { name: 'Pass 1 data' });
    expect(await pass1.textContent()).toMatch(/Newest hour\d{4} ET/);
    expect(await pass1.textContent()).toMatch(/Next hour (on time|.* late)/);
    await page.getByRole('region', { name: 'Pass 2 data' }).waitFor();
    await page.getByRole('button', { name: /^Gold Tier: / }).waitFor(CATCH_UP);
    await captureScreen(page, 'admin-health');

    await page.getByRole('link', { name: 'E-mail delivery report' }).click();
    await page.waitForURL('**/reports?type=emails');
    expect(await page.getByLabel('Report type').inputValue()).toBe('emails');

    await page.goto('/admin');
    await page.getByRole('link', { name: 'Audit Trail' }).click();
    await page.waitForURL('**/admin/audit');
    await page.getByRole('heading', { level: 1, name: 'Audit Trail' }).waitFor();
    await page.getByLabel('Action').selectOption({ label: 'Switch user: started' });
    await page.getByRole('textbox', { name: 'Actor' }).fill('admin@');
    const table = page.getByRole('table', { name: 'Audit entries' });
    const switchRow = table.getByRole('row').filter({ hasText: demo('gold') });
    await switchRow.first().waitFor(CATCH_UP);
    // Filters apply as they are typed: the table settles on the admin's switches of user.
    await expect
      .poll(async () => {
        const rows = await tableRows(table);
        return (
          rows.length > 0 &&
          rows.every(
            (cells) => cells[1]?.endsWith(`<${demo('admin')}>`) && cells[3] === 'Switch user: started',
          )
        );
      }, CATCH_UP)
      .toBe(true);
    // Names as they were when the entry was written (issue 25), with the address.
    expect((await tableRows(table))[0]?.[2]).toBe(`Gail Gold <${demo('gold')}>`);
    await captureScreen(page, 'audit-trail');

    // The mail viewer, from the Admin Center's tools, finds the reset e-mail by its recipient.
    await page.goto('/admin');
    const tools = page.getByRole('navigation', { name: 'Admin tools' });
    expect(await tools.getByRole('link', { name: 'Switch User' }).getAttribute('href')).toBe('/switch');
    await tools.getByRole('link', { name: 'Mail viewer' }).click();
    await page.waitForURL('**/admin/mail');
    await page.getByRole('searchbox', { name: 'Search messages' }).fill(demo('bronze'));
    const messages = page.getByRole('list', { name: 'Messages' }).getByRole('button');
    await expect
      .poll(async () => {
        const found = await messages.allTextContents();
        return found.length > 0 && found.every((text) => text.includes(demo('bronze')));
      }, CATCH_UP)
      .toBe(true);
    await captureScreen(page, 'mail-viewer-search');
  }, 300_000);
});
