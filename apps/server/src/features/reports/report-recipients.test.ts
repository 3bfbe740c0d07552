import { QUOTA_MESSAGES, RECIPIENT_CONFIRMATIONS_PER_HOUR } from '@pluvio/shared/quotas';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/db/client';
import { bearer, buildContactUser, buildOwnedClient, login } from '../../test/factories';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

/** Today is 2026-11-21 in the product time zone; October 2026 is a whole previous month. */
const NOW = new Date('2026-11-21T17:00:00Z');
const OCTOBER = '2026-10-01/2026-10-31';
const TASKS_PER_HOUR = 3;
const EMAILS_PER_HOUR = 5;

interface Account {
  clientId: number;
  ownerEmail: string;
  owner: string;
  location: number;
  contactEmail: string;
  contact: string;
}

describe('who reports may be e-mailed to, and how many an hour', () => {
  const clock = manualClock(NOW);
  let t: TestApp;

  const call = (token: string, options: InjectOptions & { url: string }) =>
    t.app.inject({ ...options, headers: { ...bearer(token), ...options.headers } });

  const requestReport = (token: string, emailList: string[], account: Account, format = 'csv') =>
    call(token, {
      method: 'POST',
      url: `/api/reports/data_by_date_range/${OCTOBER}`,
      payload: { email_format: format, email_list: emailList, locations: [account.location] },
    });

  /** A gold account with one location and a plain contact assigned to it. */
  async function account(accountName?: string): Promise<Account> {
    const { user, client } = await buildOwnedClient(t.services, undefined, { tier: 'gold', accountName });
    const owner = (await login(t.app, user.email)).token;
    const location = await call(owner, {
      method: 'POST',
      url: '/api/locations',
      payload: { name: 'Houston Yard', latitude: 29.76, longitude: -95.37, h24_threshold: 0.5 },
    });
    const plain = await buildContactUser(t.services, client.id);
    await t.services.assignments.assignContacts(client.id, location.json().id, [plain.contact.id]);
    return {
      clientId: client.id,
      ownerEmail: user.email,
      owner,
      location: location.json().id,
      contactEmail: plain.user.email,
      contact: (await login(t.app, plain.user.email)).token,
    };
  }

  async function tasksOf(clientId: number): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      t.services.database.db,
      sql`select count(*)::int as n from report_tasks where client_id = ${clientId}`,
    );
    return row?.n ?? 0;
  }

  async function emailsTo(address: string) {
    return queryRows<{ subject: string; text_body: string; html_body: string | null; kind: string }>(
      t.services.database.db,
      sql`select subject, text_body, html_body, kind from outbox where recipient = ${address} order by id`,
    );
  }

  /** The token of the confirmation link e-mailed to the address. */
  async function confirmationToken(address: string): Promise<string> {
    const [message] = (await emailsTo(address)).filter((email) => email.kind === 'report_recipient_confirm');
    const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(message?.text_body ?? '')?.[1];
    if (!token) throw new Error(`no confirmation e-mail to ${address}`);
    return token;
  }

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      env: {
        REPORT_TASKS_PER_HOUR: String(TASKS_PER_HOUR),
        REPORT_EMAILS_PER_HOUR: String(EMAILS_PER_HOUR),
      },
    });
  });
  afterAll(() => t.close());

  it('refuses an address outside the account to a plain contact and to the owner, naming it and queueing nothing', async () => {
    const gold = await account();
    const fromContact = await requestReport(gold.contact, ['stranger@example.com'], gold);
    expect(fromContact.statusCode).toBe(422);
    expect(fromContact.json()).toEqual({
      detail: QUOTA_MESSAGES.recipientNotAllowed('stranger@example.com'),
    });

    const fromOwner = await requestReport(gold.owner, [gold.contactEmail, 'Stranger@Example.com'], gold);
    expect(fromOwner.statusCode).toBe(422);
    expect(fromOwner.json()).toEqual({ detail: QUOTA_MESSAGES.recipientNotAllowed('stranger@example.com') });
    expect(await tasksOf(gold.clientId)).toBe(0);

    // The requester, the owner and the account's contacts are fine.
    expect((await requestReport(gold.contact, [gold.contactEmail, gold.ownerEmail], gold)).statusCode).toBe(
      202,
    );
    expect((await requestReport(gold.owner, [gold.ownerEmail, gold.contactEmail], gold)).statusCode).toBe(
      202,
    );
    await t.services.reports.runDue();
    expect(await emailsTo('stranger@example.com')).toEqual([]);
  });

  it('sends reports to an extra address only after its owner followed the e-mailed link', async () => {
    const gold = await account();
    const partner = 'partner@example.org';
    const recipients = `/api/clients/${gold.clientId}/report-recipients`;

    const added = await call(gold.owner, { method: 'POST', url: recipients, payload: { email: partner } });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ email: partner, confirmed_at: null });
    const twice = await call(gold.owner, { method: 'POST', url: recipients, payload: { email: partner } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: QUOTA_MESSAGES.recipientExists(partner) });

    const unconfirmed = await requestReport(gold.owner, [partner], gold);
    expect(unconfirmed.statusCode).toBe(422);
    expect(unconfirmed.json()).toEqual({ detail: QUOTA_MESSAGES.recipientNotAllowed(partner) });

    const token = await confirmationToken(partner);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/report-recipients/confirm',
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().detail).toContain(partner);
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/report-recipients/confirm',
      payload: { token },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ detail: QUOTA_MESSAGES.confirmationBadToken });

    const listed = (await call(gold.owner, { url: recipients })).json();
    expect(listed).toEqual([expect.objectContaining({ email: partner, confirmed_at: NOW.toISOString() })]);
    const fromContact = await requestReport(gold.contact, [partner], gold);
    expect(fromContact.statusCode).toBe(202);
    await t.services.reports.runDue();
    expect((await emailsTo(partner)).map((email) => email.kind)).toEqual([
      'report_recipient_confirm',
      'report',
    ]);

    // Removed, it is refused again.
    const removed = await call(gold.owner, { method: 'DELETE', url: `${recipients}/${listed[0].id}` });
    expect(removed.statusCode).toBe(204);
    expect((await requestReport(gold.owner, [partner], gold)).statusCode).toBe(422);
  });

  it('lets only the account’s owners add recipients, and never another account’s', async () => {
    const gold = await account();
    const other = await account();
    const payload = { email: 'someone@example.org' };
    const byContact = await call(gold.contact, {
      method: 'POST',
      url: `/api/clients/${gold.clientId}/report-recipients`,
      payload,
    });
    expect(byContact.statusCode).toBe(403);
    const foreign = await call(gold.owner, {
      method: 'POST',
      url: `/api/clients/${other.clientId}/report-recipients`,
      payload,
    });
    expect(foreign.statusCode).toBe(404);
    const aLink = await t.app.inject({
      method: 'POST',
      url: '/api/report-recipients/confirm',
      payload: { token: 'not-a-token' },
    });
    expect(aLink.statusCode).toBe(400);
    expect(await emailsTo('someone@example.org')).toEqual([]);
  });

  it('sends at most RECIPIENT_CONFIRMATIONS_PER_HOUR confirmation e-mails an hour for one account', async () => {
    const gold = await account();
    const add = (email: string) =>
      call(gold.owner, {
        method: 'POST',
        url: `/api/clients/${gold.clientId}/report-recipients`,
        payload: { email },
      });
    expect((await add('first@example.org')).statusCode).toBe(201);
    // A refused addition sends nothing, so it does not count.
    expect((await add('first@example.org')).statusCode).toBe(409);
    for (let i = 1; i < RECIPIENT_CONFIRMATIONS_PER_HOUR; i++)
      expect((await add(`more${i}@example.org`)).statusCode).toBe(201);
    const refused = await add('last@example.org');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: QUOTA_MESSAGES.confirmationsPerHour });
    expect(await emailsTo('last@example.org')).toEqual([]);
    expect(
      (await call(gold.owner, { url: `/api/clients/${gold.clientId}/report-recipients` })).json(),
    ).toHaveLength(RECIPIENT_CONFIRMATIONS_PER_HOUR);
  });

  it('answers 429 past the tasks an hour, queueing nothing, and takes requests again an hour later', async () => {
    const gold = await account();
    for (let i = 0; i < TASKS_PER_HOUR; i++)
      expect((await requestReport(gold.owner, [gold.ownerEmail], gold)).statusCode).toBe(202);
    const refused = await requestReport(gold.owner, [gold.ownerEmail], gold);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: QUOTA_MESSAGES.reportTasksPerHour(TASKS_PER_HOUR) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await tasksOf(gold.clientId)).toBe(TASKS_PER_HOUR);
    try {
      clock.advance(3_600_000 + 1_000);
      // An hour on, the access token has expired too: sign in again.
      const owner = (await login(t.app, gold.ownerEmail)).token;
      expect((await requestReport(owner, [gold.ownerEmail], gold)).statusCode).toBe(202);
    } finally {
      clock.set(NOW);
    }
  });

  it('answers 429 past the e-mails an hour, counting the recipients of each request', async () => {
    const gold = await account();
    const three = [gold.ownerEmail, gold.contactEmail, 'office@example.com'];
    await t.services.contacts.create({
      clientId: gold.clientId,
      name: 'Office',
      email: 'office@example.com',
    });
    expect((await requestReport(gold.owner, three, gold)).statusCode).toBe(202);
    const refused = await requestReport(gold.owner, three, gold);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: QUOTA_MESSAGES.reportEmailsPerHour(3, 2, EMAILS_PER_HOUR) });
    expect(await tasksOf(gold.clientId)).toBe(1);
    expect((await requestReport(gold.owner, three.slice(0, 2), gold)).statusCode).toBe(202);
  });

  it('never passes the hourly limit when requests arrive at once', async () => {
    const gold = await account();
    const answers = await Promise.all(
      Array.from({ length: TASKS_PER_HOUR + 3 }, () => requestReport(gold.owner, [gold.ownerEmail], gold)),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([...Array(TASKS_PER_HOUR).fill(202), ...Array(3).fill(429)]);
    expect(await tasksOf(gold.clientId)).toBe(TASKS_PER_HOUR);
  });

  it('writes an account name with HTML and line breaks as one plain line in the subject, escaped in the body', async () => {
    const gold = await account('Acme <b>Builders</b>\r\nBcc: victim@example.com');
    const response = await requestReport(gold.owner, [gold.ownerEmail], gold);
    expect(response.statusCode).toBe(202);
    await t.services.reports.runDue();
    const [email] = (await emailsTo(gold.ownerEmail)).filter((message) => message.kind === 'report');
    expect(email?.subject).toBe(
      'Pluvio: Monthly Rainfall Report — October 2026, Acme Builders Bcc: victim@example.com',
    );
    expect(email?.html_body).toContain('Acme &#60;b&#62;Builders&#60;/b&#62;');
    expect(email?.html_body).not.toContain('<b>Builders');
  });
});
