import { MESSAGES } from '@pluvio/shared/messages';
import { historicalFeeWords, REPORT_MESSAGES } from '@pluvio/shared/reports';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/db/client';
import { createLogger } from '../../core/lib/log';
import { outbox } from '../../core/tables/outbox';
import { bearer, buildContactUser, buildOwnedClient, buildUser, login } from '../../test/factories';
import { type LocalSmtpServer, startSmtpServer } from '../../test/smtp-server';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import { createSmtpTransport } from '../notifications/mail-transport';
import type { PastRainfallAsk } from '../rainfall/past-rainfall.service';
import { PRODUCE_PAST_RAINFALL, rainfallJobs } from '../rainfall/rainfall.jobs';

/** Today is 2026-11-21 in the product time zone; the previous month is October 2026. */
const NOW = new Date('2026-11-21T17:00:00Z');
const OCTOBER = '2026-10-01/2026-10-31';
const NOVEMBER = '2026-11-01/2026-11-30';

interface Account {
  clientId: number;
  owner: string;
  locations: number[];
}

describe('reports API', () => {
  const clock = manualClock(NOW);
  let t: TestApp;
  let wakeUps = 0;
  const pastRainfallAsks: PastRainfallAsk[] = [];
  let superuser: string;
  let gold: Account;
  let coOwner: string;
  let contact: string;
  let contactId: number;
  let bronze: Account;
  let foreign: Account;

  const call = (token: string, options: InjectOptions & { url: string }) =>
    t.app.inject({ ...options, headers: { ...bearer(token), ...options.headers } });

  async function account(tier: 'gold' | 'bronze', names: string[]): Promise<Account> {
    const { user, client } = await buildOwnedClient(t.services, undefined, {
      tier,
      accountName: `${tier} farms`,
    });
    const token = (await login(t.app, user.email)).token;
    const locations: number[] = [];
    for (const [index, name] of names.entries()) {
      const response = await call(token, {
        method: 'POST',
        url: '/api/locations',
        payload: { name, latitude: 29.5 + index, longitude: -95.3 - index, h24_threshold: 0.5 },
      });
      locations.push(response.json().id);
    }
    return { clientId: client.id, owner: token, locations };
  }

  async function counts() {
    const [row] = await queryRows<{ tasks: number; outbox: number; charges: number }>(
      t.services.database.db,
      sql`select (select count(*)::int from report_tasks) as tasks, (select count(*)::int from outbox) as outbox,
                 (select count(*)::int from account_charges) as charges`,
    );
    return row;
  }

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      onReportQueued: async () => {
        wakeUps += 1;
      },
      onPastRainfallWanted: async (ask) => {
        pastRainfallAsks.push(ask);
      },
    });
    superuser = (
      await login(t.app, (await buildUser(t.services, { isSuperuser: true, role: 'admin' })).email)
    ).token;
    gold = await account('gold', ['Houston Yard', 'Galveston Pier']);
    bronze = await account('bronze', ['Austin Farm']);
    foreign = await account('gold', ['Elsewhere']);
    const co = await buildContactUser(t.services, gold.clientId, { coOwner: true });
    coOwner = (await login(t.app, co.user.email)).token;
    const plain = await buildContactUser(t.services, gold.clientId);
    contactId = plain.contact.id;
    contact = (await login(t.app, plain.user.email)).token;
    await t.services.assignments.assignContacts(gold.clientId, gold.locations[0] as number, [contactId]);
    // Reports go only to the account's people and confirmed addresses (report-recipients.test.ts).
    for (const email of [
      'site@example.com',
      'office@example.com',
      'a@example.com',
      'me@example.com',
      'ops@example.com',
    ])
      await t.services.contacts.create({ clientId: gold.clientId, name: email, email });
  });
  afterAll(() => t.close());

  describe('GET a report of one location', () => {
    it('answers HTML at once to owners, co-owners, a contact for its location and superusers', async () => {
      const [houston] = gold.locations;
      for (const [token, query] of [
        [gold.owner, ''],
        [coOwner, ''],
        [contact, ''],
        [superuser, `?client_id=${gold.clientId}`],
      ] as const) {
        const response = await call(token, {
          url: `/api/reports/data_by_date_range/${OCTOBER}/${houston}${query}`,
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.body).toContain('Houston Yard');
        expect(response.body).toContain('Oct 31, 2026');
      }
    });

    it('downloads CSV with its file name', async () => {
      const response = await call(gold.owner, {
        url: `/api/reports/data_by_date_range/${OCTOBER}/${gold.locations[0]}?format=csv`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="[a-z0-9-]+\.csv"$/);
      expect(response.body).toContain('Houston Yard');
    });

    it('answers a RapidRain report at once from silver up, and refuses it to bronze', async () => {
      const ok = await call(gold.owner, {
        url: `/api/reports/rapidrain_by_date_range/${OCTOBER}/${gold.locations[0]}`,
      });
      expect(ok.statusCode).toBe(200);
      const refused = await call(bronze.owner, {
        url: `/api/reports/rapidrain_by_date_range/${OCTOBER}/${bronze.locations[0]}`,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: MESSAGES.tierTooLow });
    });

    it("answers 404 'Location not found' for another account's location and a contact's unassigned one", async () => {
      for (const [token, id] of [
        [gold.owner, foreign.locations[0]],
        [contact, gold.locations[1]],
        [bronze.owner, gold.locations[0]],
      ] as const) {
        const response = await call(token, { url: `/api/reports/data_by_date_range/${OCTOBER}/${id}` });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: REPORT_MESSAGES.locationNotFound });
      }
    });

    it.each([
      ['2022-10-01/2026-11-20', 'daily', 400, REPORT_MESSAGES.reportsStart],
      ['2026-11-10/2026-11-01', 'daily', 400, REPORT_MESSAGES.order],
      ['2026-11-01/2026-11-22', 'daily', 400, REPORT_MESSAGES.futureDates],
      ['2026-10-01/2026-10-30', 'monthly', 400, REPORT_MESSAGES.notAMonth],
      ['2026-12-01/2026-12-31', 'monthly', 400, REPORT_MESSAGES.futureMonth],
      ['2024-01-01/2024-10-31', 'daily', 400, REPORT_MESSAGES.toDateTooEarly],
      ['2023-01-01/2024-11-01', 'historical', 400, REPORT_MESSAGES.historicalEnds],
    ])('refuses %s (%s) with the specification text', async (range, type, status, detail) => {
      const query = type ? `?report_type=${type}` : '';
      const response = await call(gold.owner, {
        url: `/api/reports/data_by_date_range/${range}/${gold.locations[0]}${query}`,
      });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ detail });
    });

    it('gives the current month from gold only and custom ranges from silver only', async () => {
      const current = await call(gold.owner, {
        url: `/api/reports/data_by_date_range/${NOVEMBER}/${gold.locations[0]}`,
      });
      expect(current.statusCode).toBe(200);
      const bronzeCurrent = await call(bronze.owner, {
        url: `/api/reports/data_by_date_range/${NOVEMBER}/${bronze.locations[0]}`,
      });
      expect(bronzeCurrent.statusCode).toBe(403);
      expect(bronzeCurrent.json()).toEqual({ detail: MESSAGES.tierTooLow });
      const bronzePrevious = await call(bronze.owner, {
        url: `/api/reports/data_by_date_range/${OCTOBER}/${bronze.locations[0]}`,
      });
      expect(bronzePrevious.statusCode).toBe(200);
      for (const type of ['daily', 'weekly']) {
        const refused = await call(bronze.owner, {
          url: `/api/reports/data_by_date_range/2026-11-14/2026-11-21/${bronze.locations[0]}?report_type=${type}`,
        });
        expect(refused.statusCode).toBe(403);
      }
    });
  });

  describe('POST a report: a task a worker renders and e-mails', () => {
    it('queues a task at once, and the job e-mails the PDF to each address once, with the file attached', async () => {
      const before = wakeUps;
      const response = await call(gold.owner, {
        method: 'POST',
        url: `/api/reports/data_by_date_range/${OCTOBER}`,
        payload: {
          email_format: 'pdf',
          email_list: ['site@example.com', 'Site@Example.com', 'office@example.com'],
          locations: gold.locations,
        },
      });
      expect(response.statusCode).toBe(202);
      const taskId = response.json().task_id as string;
      expect(wakeUps).toBe(before + 1);

      const queued = await call(gold.owner, { url: `/api/tasks/${taskId}` });
      expect(queued.json()).toMatchObject({
        task_id: taskId,
        type: 'monthly',
        format: 'pdf',
        status: 'queued',
      });
      const early = await call(gold.owner, { url: `/api/tasks/${taskId}/file` });
      expect(early.statusCode).toBe(409);
      expect(early.json()).toEqual({ detail: REPORT_MESSAGES.fileNotReady });

      expect(await t.services.reports.runDue()).toBe(1);
      const done = (await call(gold.owner, { url: `/api/tasks/${taskId}` })).json();
      expect(done).toMatchObject({ status: 'done', progress: 100, error: null, fee: null });
      expect(done.message_ids).toHaveLength(2);
      expect(done.file).toMatchObject({ content_type: 'application/pdf' });

      const outbox = (await call(superuser, { url: '/api/admin/outbox?page_size=250' })).json();
      const messages = outbox.items.filter((item: { id: number }) => done.message_ids.includes(item.id));
      expect(messages.map((item: { to: string }) => item.to).sort()).toEqual([
        'office@example.com',
        'site@example.com',
      ]);
      for (const message of messages) {
        expect(message.subject).toBe('Pluvio: Monthly Rainfall Report — October 2026, gold farms');
        expect(message.attachment).toEqual({
          filename: done.file.filename,
          content_type: 'application/pdf',
          size: done.file.size,
        });
      }
      const attachment = await call(superuser, {
        url: `/api/admin/outbox/${done.message_ids[0]}/attachment`,
      });
      expect(attachment.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const file = await call(gold.owner, { url: `/api/tasks/${taskId}/file` });
      expect(file.rawPayload.equals(attachment.rawPayload)).toBe(true);

      expect(await t.services.reports.runDue()).toBe(0);
      expect((await call(gold.owner, { url: `/api/tasks/${taskId}` })).json().message_ids).toEqual(
        done.message_ids,
      );

      // REPORT_FILE_DAYS (30) later the file is gone, and the download says so.
      expect(await t.services.reports.forgetOldFiles()).toBe(0);
      try {
        clock.advance(30 * 24 * 3_600_000 + 1);
        expect(await t.services.reports.forgetOldFiles()).toBeGreaterThanOrEqual(1);
      } finally {
        clock.set(NOW);
      }
      const later = (await call(gold.owner, { url: `/api/tasks/${taskId}` })).json();
      expect(later).toMatchObject({ status: 'done', file: null });
      const expired = await call(gold.owner, { url: `/api/tasks/${taskId}/file` });
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toEqual({ detail: REPORT_MESSAGES.fileNoLongerKept });
    });

    it('makes the file of any format without recipients, to download, e-mailing nothing (issue 26)', async () => {
      for (const [format, locations, contentType] of [
        ['pdf', [gold.locations[0]], 'application/pdf'],
        ['html', gold.locations, 'text/html; charset=utf-8'],
        ['csv', gold.locations, 'text/csv; charset=utf-8'],
        ['excel', [gold.locations[1]], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ] as const) {
        const before = await counts();
        const response = await call(gold.owner, {
          method: 'POST',
          url: `/api/reports/data_by_date_range/${OCTOBER}`,
          payload: { email_format: format, locations },
        });
        expect(response.statusCode, format).toBe(202);
        expect(await t.services.reports.runDue()).toBe(1);
        const taskId = response.json().task_id;
        const task = (await call(gold.owner, { url: `/api/tasks/${taskId}` })).json();
        expect(task).toMatchObject({ status: 'done', format, message_ids: [] });
        const file = await call(gold.owner, { url: `/api/tasks/${taskId}/file` });
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe(contentType);
        expect(file.headers['content-disposition']).toContain(task.file.filename);
        expect(await counts()).toEqual({ ...before, tasks: (before?.tasks ?? 0) + 1 });
      }
    });

    it('lets a superuser e-mail a whole account without choosing locations', async () => {
      const response = await call(superuser, {
        method: 'POST',
        url: `/api/reports/data_by_date_range/2026-11-14/2026-11-21?client_id=${gold.clientId}&report_type=weekly`,
        payload: { email_format: 'excel', email_list: ['ops@example.com'] },
      });
      expect(response.statusCode).toBe(202);
      await t.services.reports.runDue();
      const task = (await call(superuser, { url: `/api/tasks/${response.json().task_id}` })).json();
      expect(task).toMatchObject({ status: 'done', type: 'weekly', format: 'excel' });
      expect(task.file.filename).toMatch(/\.xlsx$/);
      const outbox = (await call(superuser, { url: '/api/admin/outbox?page_size=250' })).json();
      const message = outbox.items.find((item: { id: number }) => item.id === task.message_ids[0]);
      expect(message.subject).toBe('Pluvio: Weekly Rainfall Report, gold farms, Nov 14, 2026 – Nov 21, 2026');
    });

    it.each([
      [
        'no location',
        () => gold.owner,
        OCTOBER,
        { email_format: 'html', locations: [] },
        400,
        REPORT_MESSAGES.selectLocation,
      ],
      [
        "another account's location",
        () => gold.owner,
        OCTOBER,
        { email_format: 'pdf', email_list: ['a@example.com'], locations: 'foreign' },
        404,
        REPORT_MESSAGES.locationNotFound,
      ],
      [
        'a historical range whose fee the user did not confirm',
        () => gold.owner,
        '2023-01-01/2023-01-31',
        { email_format: 'pdf', email_list: ['a@example.com'], locations: [1], confirm_fee: false },
        400,
        REPORT_MESSAGES.confirmHistorical,
      ],
      [
        'the current month below gold',
        () => bronze.owner,
        NOVEMBER,
        { email_format: 'pdf', email_list: ['a@example.com'], locations: 'bronze' },
        403,
        MESSAGES.tierTooLow,
      ],
    ])('refuses %s, queueing and charging nothing', async (_name, token, range, body, status, detail) => {
      const locations =
        body.locations === 'foreign'
          ? foreign.locations
          : body.locations === 'both'
            ? gold.locations
            : body.locations === 'bronze'
              ? bronze.locations
              : (body.locations as number[]).length > 0
                ? [gold.locations[0]]
                : [];
      const before = await counts();
      const response = await call(token(), {
        method: 'POST',
        url: `/api/reports/data_by_date_range/${range}`,
        payload: { ...body, locations },
      });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ detail });
      expect(await counts()).toEqual(before);
    });

    it('fails a task whose requester lost sight of its location, with a reason, sending nothing', async () => {
      const response = await call(contact, {
        method: 'POST',
        url: `/api/reports/data_by_date_range/${OCTOBER}`,
        payload: { email_format: 'csv', email_list: ['me@example.com'], locations: [gold.locations[0]] },
      });
      expect(response.statusCode).toBe(202);
      await t.services.assignments.removeContacts(gold.clientId, gold.locations[0] as number, [contactId]);
      const before = await counts();
      await t.services.reports.runDue();
      const task = (await call(contact, { url: `/api/tasks/${response.json().task_id}` })).json();
      expect(task).toMatchObject({
        status: 'failed',
        error: REPORT_MESSAGES.accessLost,
        message_ids: [],
        file: null,
      });
      expect((await counts())?.outbox).toBe(before?.outbox);
      const file = await call(contact, { url: `/api/tasks/${response.json().task_id}/file` });
      expect(file.statusCode).toBe(404);
      await t.services.assignments.assignContacts(gold.clientId, gold.locations[0] as number, [contactId]);
    });

    it("e-mails a trial's reports only once its owner has verified their address; viewing works before", async () => {
      const unverified = await buildUser(t.services, { isVerified: false });
      const { client } = await buildOwnedClient(t.services, unverified, {
        tier: 'gold',
        accountType: 'trial',
        isTrialAccount: true,
        trialEndDate: '2026-12-15',
      });
      const [site] = await t.services.locations.createMany([
        { clientId: client.id, name: 'Trial Yard', latitude: 30.2, longitude: -97.7, h24Threshold: 1 },
      ]);
      const token = (await login(t.app, unverified.email)).token;
      const before = await counts();
      const refused = await call(token, {
        method: 'POST',
        url: `/api/reports/data_by_date_range/${OCTOBER}`,
        payload: { email_format: 'csv', email_list: [unverified.email], locations: [site?.id] },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: REPORT_MESSAGES.trialOwnerUnverified });
      expect(await counts()).toEqual(before);
      const view = await call(token, { url: `/api/reports/data_by_date_range/${OCTOBER}/${site?.id}` });
      expect(view.statusCode).toBe(200);
    });

    it('stops giving the file to a requester who lost sight of its locations; the owner still has it', async () => {
      const [houston] = gold.locations as [number];
      const response = await call(contact, {
        method: 'POST',
        url: `/api/reports/data_by_date_range/${OCTOBER}`,
        payload: { email_format: 'csv', email_list: ['me@example.com'], locations: [houston] },
      });
      const taskId = response.json().task_id;
      await t.services.reports.runDue();
      expect((await call(contact, { url: `/api/tasks/${taskId}/file` })).statusCode).toBe(200);
      await t.services.assignments.removeContacts(gold.clientId, houston, [contactId]);
      try {
        const refused = await call(contact, { url: `/api/tasks/${taskId}/file` });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ detail: REPORT_MESSAGES.accessLost });
        expect((await call(contact, { url: `/api/tasks/${taskId}` })).json()).toMatchObject({
          status: 'done',
        });
        expect((await call(gold.owner, { url: `/api/tasks/${taskId}/file` })).statusCode).toBe(200);
      } finally {
        await t.services.assignments.assignContacts(gold.clientId, houston, [contactId]);
      }
    });
  });

  describe('tasks', () => {
    let taskId: string;
    beforeAll(async () => {
      const response = await call(gold.owner, {
        method: 'POST',
        url: `/api/reports/data_by_date_range/${OCTOBER}`,
        payload: { email_format: 'csv', email_list: ['a@example.com'], locations: [gold.locations[0]] },
      });
      taskId = response.json().task_id;
      await t.services.reports.runDue();
    });

    it("are read by the requester's account only: another account and a plain contact get 404", async () => {
      expect((await call(gold.owner, { url: `/api/tasks/${taskId}` })).statusCode).toBe(200);
      expect((await call(coOwner, { url: `/api/tasks/${taskId}` })).statusCode).toBe(200);
      expect((await call(superuser, { url: `/api/tasks/${taskId}` })).statusCode).toBe(200);
      for (const token of [foreign.owner, bronze.owner, contact]) {
        for (const url of [`/api/tasks/${taskId}`, `/api/tasks/${taskId}/file`]) {
          const response = await call(token, { url });
          expect(response.statusCode).toBe(404);
          expect(response.json()).toEqual({ detail: REPORT_MESSAGES.taskNotFound });
        }
      }
      const anonymous = await t.app.inject({ url: `/api/tasks/${taskId}` });
      expect(anonymous.statusCode).toBe(401);
    });

    it('answers a malformed or unknown id without a server error', async () => {
      const malformed = await call(gold.owner, { url: '/api/tasks/not-a-task' });
      expect(malformed.statusCode).toBe(422);
      expect(malformed.json().detail[0].msg).toBe(REPORT_MESSAGES.taskNotFound);
      const unknown = await call(gold.owner, { url: '/api/tasks/00000000-0000-4000-8000-000000000000' });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('historical reports', () => {
    it('produce the missing rainfall of the chosen locations, charge the fee once and name it', async () => {
      const [houston, galveston] = gold.locations as [number, number];
      const response = await call(gold.owner, {
        method: 'POST',
        url: '/api/reports/data_by_date_range/2023-06-01/2023-06-03',
        payload: {
          email_format: 'html',
          email_list: ['site@example.com'],
          locations: [houston],
          confirm_fee: true,
        },
      });
      expect(response.statusCode).toBe(202);
      const taskId = response.json().task_id;
      expect((await call(gold.owner, { url: `/api/tasks/${taskId}` })).json()).toMatchObject({
        type: 'historical',
        fee: t.services.config.HISTORICAL_REPORT_FEE,
      });

      expect(await t.services.reports.runDue()).toBe(1);
      const task = (await call(gold.owner, { url: `/api/tasks/${taskId}` })).json();
      expect(task).toMatchObject({ status: 'done', fee: t.services.config.HISTORICAL_REPORT_FEE });

      const filled = await queryRows<{ location_id: number; days: number }>(
        t.services.database.db,
        sql`select location_id, count(*)::int as days from rainfall_on_demand_days
             where day between '2023-06-01' and '2023-06-03' group by location_id`,
      );
      expect(filled).toEqual([{ location_id: houston, days: 3 }]);
      expect(filled.some((row) => row.location_id === galveston)).toBe(false);

      const charges = await queryRows<{
        client_id: number;
        amount_cents: number;
        description: string;
        task_id: string;
      }>(
        t.services.database.db,
        sql`select client_id, amount_cents, description, task_id from account_charges`,
      );
      expect(charges).toEqual([
        {
          client_id: gold.clientId,
          amount_cents: Math.round(t.services.config.HISTORICAL_REPORT_FEE * 100),
          description: expect.stringContaining('2023-06-01 to 2023-06-03'),
          task_id: taskId,
        },
      ]);
      const file = await call(gold.owner, { url: `/api/tasks/${taskId}/file` });
      expect(file.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(file.body).toContain(`$${t.services.config.HISTORICAL_REPORT_FEE.toFixed(2)}`);
      expect(file.body).toContain('72 hours so far, 72 are the revised estimate (Pass 2)');
      expect(file.body).not.toContain('not processed yet');

      expect(await t.services.reports.runDue()).toBe(0);
      expect(await counts()).toMatchObject({ charges: 1 });
      const totals = await t.services.accountCharges.totalsByAccount('2026-11-21', '2026-11-21');
      expect(totals.get(gold.clientId)).toBe(t.services.config.HISTORICAL_REPORT_FEE);
    });

    it('charge a period once: the same locations and days again, in any format or in part, are free, and the quote says so first', async () => {
      const [houston, galveston] = gold.locations as [number, number];
      const range = '2023-09-01/2023-09-30';
      const fee = t.services.config.HISTORICAL_REPORT_FEE;
      const quote = async (locations: number[], dates = range) =>
        (
          await call(gold.owner, {
            method: 'POST',
            url: `/api/reports/data_by_date_range/${dates}/fee`,
            payload: { locations },
          })
        ).json();
      const run = async (dates: string, format: string, locations: number[], confirm_fee?: boolean) => {
        const response = await call(gold.owner, {
          method: 'POST',
          url: `/api/reports/data_by_date_range/${dates}`,
          payload: { email_format: format, locations, ...(confirm_fee === undefined ? {} : { confirm_fee }) },
        });
        expect(response.statusCode, `${dates} ${format}`).toBe(202);
        await t.services.reports.runDue();
        return (await call(gold.owner, { url: `/api/tasks/${response.json().task_id}` })).json();
      };
      const charged = async () =>
        (
          await queryRows<{ n: number }>(
            t.services.database.db,
            sql`select count(*)::int as n from account_charges where description like '%2023-09%'`,
          )
        )[0]?.n;

      expect(await quote([houston])).toEqual({ historical: true, fee, already_paid: false });
      expect(await run(range, 'pdf', [houston], true)).toMatchObject({ status: 'done', fee });
      expect(await charged()).toBe(1);

      expect(await quote([houston])).toEqual({ historical: true, fee: 0, already_paid: true });
      // Free: no confirmation needed, in another format, or a few of the days paid for.
      const again = await run(range, 'excel', [houston]);
      expect(again).toMatchObject({ status: 'done', fee: 0 });
      expect((await run('2023-09-10/2023-09-12', 'html', [houston])).fee).toBe(0);
      const file = await call(gold.owner, { url: `/api/tasks/${again.task_id}/file` });
      expect(file.statusCode).toBe(200);
      expect(await charged()).toBe(1);

      // A location or a day not paid for is a new report, charged once confirmed.
      expect(await quote([houston, galveston])).toEqual({ historical: true, fee, already_paid: false });
      expect(await quote([houston], '2023-09-01/2023-10-01')).toMatchObject({ fee });
      const unconfirmed = await call(gold.owner, {
        method: 'POST',
        url: `/api/reports/data_by_date_range/${range}`,
        payload: { email_format: 'csv', locations: [houston, galveston], confirm_fee: false },
      });
      expect(unconfirmed.json()).toEqual({ detail: REPORT_MESSAGES.confirmHistorical });
      expect(await run(range, 'csv', [houston, galveston], true)).toMatchObject({ fee });
      expect(await charged()).toBe(2);
      expect(await quote([galveston])).toMatchObject({ fee: 0, already_paid: true });
      expect(await quote([houston], '2026-10-01/2026-10-31')).toEqual({
        historical: false,
        fee: 0,
        already_paid: false,
      });
    });

    it('are charged only by an owner or a co-owner: a plain contact is refused and nothing is charged', async () => {
      const [houston] = gold.locations as [number];
      const ask = (token: string) =>
        call(token, {
          method: 'POST',
          url: '/api/reports/data_by_date_range/2023-08-01/2023-08-02',
          payload: {
            email_format: 'csv',
            email_list: ['site@example.com'],
            locations: [houston],
            confirm_fee: true,
          },
        });
      const before = await counts();
      const refused = await ask(contact);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: REPORT_MESSAGES.historicalManagersOnly });
      expect(await counts()).toEqual(before);
      expect((await ask(coOwner)).statusCode).toBe(202);
      expect(await t.services.reports.runDue()).toBe(1);
    });

    it('answer a view of a month older than the ingest window at once, and produce its rainfall in a worker, free of charge', async () => {
      const [, galveston] = gold.locations as [number, number];
      const url = `/api/reports/data_by_date_range/2025-02-01/2025-02-28/${galveston}`;
      const before = await counts();
      pastRainfallAsks.splice(0);
      const first = await call(gold.owner, { url });
      expect(first.statusCode).toBe(200);
      expect(first.body).toContain(REPORT_MESSAGES.pastRainfallPreparing);
      expect(first.body).toContain('672 hours so far, 0 are the revised estimate (Pass 2)');
      expect(pastRainfallAsks).toEqual([
        { product: '1h', locationIds: [galveston], from: '2025-02-01', to: '2025-02-28' },
      ]);
      const producePastRainfall = rainfallJobs(
        t.services.ingestion,
        t.services.historyFill,
        t.services.pastRainfall,
        createLogger(t.services.config),
      ).find((job) => job.name === PRODUCE_PAST_RAINFALL);
      await producePastRainfall?.handler(pastRainfallAsks[0]);
      const [produced] = await queryRows<{ days: number }>(
        t.services.database.db,
        sql`select count(*)::int as days from rainfall_on_demand_days
             where location_id = ${galveston} and day between '2025-02-01' and '2025-02-28'`,
      );
      expect(produced?.days).toBe(28);
      const again = await call(gold.owner, { url });
      expect(again.body).toContain('672 hours so far, 672 are the revised estimate (Pass 2)');
      expect(again.body).not.toContain(REPORT_MESSAGES.pastRainfallPreparing);
      expect(pastRainfallAsks).toHaveLength(1);
      expect(await counts()).toEqual(before);
    });

    it('takes over a task whose worker died before its commit, once its lease lapsed, and completes it once', async () => {
      const response = await call(gold.owner, {
        method: 'POST',
        url: '/api/reports/data_by_date_range/2023-07-01/2023-07-01',
        payload: {
          email_format: 'csv',
          email_list: ['a@example.com'],
          locations: [gold.locations[0]],
          confirm_fee: true,
        },
      });
      const taskId = response.json().task_id;
      // A worker claims the task and dies: nothing of it is committed but the claim.
      await t.services.database.db.execute(
        sql`update report_tasks set status = 'running', attempts = 1, lease_until = ${new Date(clock.now().getTime() + 90_000).toISOString()} where id = ${taskId}`,
      );
      expect(await t.services.reports.runDue()).toBe(0);
      expect((await call(gold.owner, { url: `/api/tasks/${taskId}` })).json()).toMatchObject({
        status: 'running',
        message_ids: [],
      });
      clock.advance(91_000);
      expect(await t.services.reports.runDue()).toBe(1);
      const task = (await call(gold.owner, { url: `/api/tasks/${taskId}` })).json();
      expect(task.status).toBe('done');
      expect(task.message_ids).toHaveLength(1);
      const charged = await queryRows<{ n: number }>(
        t.services.database.db,
        sql`select count(*)::int as n from account_charges where task_id = ${taskId}`,
      );
      expect(charged[0]?.n).toBe(1);
    });
  });

  describe('historical reports from the old client (D21: its request is the confirmation)', () => {
    const fee = () => t.services.config.HISTORICAL_REPORT_FEE;
    const chargesOf = async (month: string) =>
      (
        await queryRows<{ n: number; cents: number }>(
          t.services.database.db,
          sql`select count(*)::int as n, coalesce(sum(amount_cents), 0)::int as cents
                from account_charges where description like ${`%${month}%`}`,
        )
      )[0];

    it('answers its single-location GET as HTML, charging the fee once; the same view again is free', async () => {
      const [houston] = gold.locations as [number];
      const url = `/api/reports/data_by_date_range/2023-03-01/2023-03-03/${houston}?client_id=${gold.clientId}`;
      const before = await counts();
      const first = await call(gold.owner, { url });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(first.body).toContain(historicalFeeWords(fee()));
      // Its rainfall is still in the archive: the view says so, and a worker makes it.
      expect(first.body).toContain(REPORT_MESSAGES.pastRainfallPreparing);
      expect(await counts()).toMatchObject({ tasks: (before?.tasks ?? 0) + 1 });

      expect(await t.services.reports.runDue()).toBe(1);
      expect(await chargesOf('2023-03-01 to 2023-03-03')).toEqual({
        n: 1,
        cents: Math.round(fee() * 100),
      });
      const again = await call(gold.owner, { url });
      expect(again.statusCode).toBe(200);
      expect(again.body).toContain(historicalFeeWords(0));
      expect(again.body).toContain('72 hours so far, 72 are the revised estimate (Pass 2)');
      expect(again.body).not.toContain(REPORT_MESSAGES.pastRainfallPreparing);
      const partOfIt = await call(gold.owner, {
        url: `/api/reports/data_by_date_range/2023-03-02/2023-03-02/${houston}?format=csv`,
      });
      expect(partOfIt.statusCode).toBe(200);
      expect(await t.services.reports.runDue()).toBe(0);
      expect(await counts()).toMatchObject({
        tasks: (before?.tasks ?? 0) + 1,
        charges: (before?.charges ?? 0) + 1,
      });
    });

    it('takes its POST payload without confirm_fee as confirmed, charging once; our client saying false is refused', async () => {
      const [houston, galveston] = gold.locations as [number, number];
      const post = (locations: number[], extra: object = {}) =>
        call(gold.owner, {
          method: 'POST',
          url: `/api/reports/data_by_date_range/2023-04-01/2023-04-30?client_id=${gold.clientId}`,
          payload: { email_format: 'csv', email_list: ['site@example.com'], locations, ...extra },
        });
      const sent = await post([houston]);
      expect(sent.statusCode).toBe(202);
      expect(await t.services.reports.runDue()).toBe(1);
      const task = (await call(gold.owner, { url: `/api/tasks/${sent.json().task_id}` })).json();
      expect(task).toMatchObject({ status: 'done', type: 'historical', fee: fee() });
      expect(task.message_ids).toHaveLength(1);

      const repeated = await post([houston]);
      expect(repeated.statusCode).toBe(202);
      await t.services.reports.runDue();
      expect((await call(gold.owner, { url: `/api/tasks/${repeated.json().task_id}` })).json()).toMatchObject(
        {
          fee: 0,
        },
      );
      expect(await chargesOf('2023-04-01 to 2023-04-30')).toEqual({ n: 1, cents: Math.round(fee() * 100) });

      const before = await counts();
      const unconfirmed = await post([houston, galveston], { confirm_fee: false });
      expect(unconfirmed.statusCode).toBe(400);
      expect(unconfirmed.json()).toEqual({ detail: REPORT_MESSAGES.confirmHistorical });
      expect(await counts()).toEqual(before);
    });

    it.each([
      ['2022-10-01/2023-01-31', 'historical', 400, REPORT_MESSAGES.reportsStart],
      ['2023-01-01/2024-11-01', 'historical', 400, REPORT_MESSAGES.historicalEnds],
      ['2023-02-10/2023-02-01', 'historical', 400, REPORT_MESSAGES.order],
      ['2023-01-01/2023-01-31', 'foreign', 404, REPORT_MESSAGES.locationNotFound],
      ['2023-01-01/2023-01-31', 'unknown', 404, REPORT_MESSAGES.locationNotFound],
      ['2023-01-01/2023-01-31', 'contact', 403, REPORT_MESSAGES.historicalManagersOnly],
    ])(
      'refuses %s (%s) in its GET and POST with the specification text, recording nothing',
      async (range, what, status, detail) => {
        const location = { foreign: foreign.locations[0], unknown: 999_999 }[what] ?? gold.locations[0];
        const token = what === 'contact' ? contact : gold.owner;
        const query = what === 'historical' ? '?report_type=historical' : '';
        const before = await counts();
        const view = await call(token, {
          url: `/api/reports/data_by_date_range/${range}/${location}${query}`,
        });
        const job = await call(token, {
          method: 'POST',
          url: `/api/reports/data_by_date_range/${range}${query}`,
          payload: { email_format: 'html', email_list: [], locations: [location] },
        });
        for (const response of [view, job]) {
          expect(response.statusCode).toBe(status);
          expect(response.json()).toEqual({ detail });
        }
        expect(await counts()).toEqual(before);
      },
    );
  });

  it('gives up a task whose worker died three times, with a reason, sending nothing', async () => {
    const response = await call(gold.owner, {
      method: 'POST',
      url: `/api/reports/data_by_date_range/${OCTOBER}`,
      payload: { email_format: 'pdf', email_list: ['a@example.com'], locations: [gold.locations[0]] },
    });
    const taskId = response.json().task_id;
    const lapsed = new Date(clock.now().getTime() - 1_000).toISOString();
    await t.services.database.db.execute(
      sql`update report_tasks set status = 'running', attempts = 3, lease_until = ${lapsed} where id = ${taskId}`,
    );
    expect(await t.services.reports.runDue()).toBe(0);
    expect((await call(gold.owner, { url: `/api/tasks/${taskId}` })).json()).toMatchObject({
      status: 'failed',
      error: REPORT_MESSAGES.taskFailed,
      message_ids: [],
    });
  });

  describe('system reports (superusers)', () => {
    it('answers the SMS report at once in HTML, sorted as asked (sort_directin as the old client spells it)', async () => {
      const response = await call(superuser, {
        url: '/api/reports/sms?format=html&status=failed&start_date=2026-11-14&end_date=2026-11-21&page_size=250&page_number=1&sort_field=queuedTime&sort_directin=asc',
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('ascending');
      const spelt = await call(superuser, {
        url: '/api/reports/sms?start_date=2026-11-14&end_date=2026-11-21&sort_direction=desc',
      });
      expect(spelt.body).toContain('descending');
    });

    it('answers the e-mail, unpaid, billing and files-processed reports at once, CSV as a download', async () => {
      for (const url of [
        '/api/reports/sockletlabs-email-report?format=csv&start_date=2026-11-14&end_date=2026-11-21',
        '/api/reports/unpaid?format=csv',
        '/api/reports/billing?format=csv',
        '/api/reports/files-processed?format=csv&start_date=2026-11-20&end_date=2026-11-21',
      ]) {
        const response = await call(superuser, { url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
      }
    });

    it('lists the page of e-mails page_size and page_number ask for, the counts covering them all', async () => {
      const queuedAt = new Date('2026-11-15T15:00:00Z');
      await t.database.db.insert(outbox).values(
        ['first', 'second', 'third'].map((name, index) => ({
          channel: 'email' as const,
          kind: 'paging-test',
          recipient: `${name}@paging.example`,
          subject: `Paging ${name}`,
          textBody: name,
          idempotencyKey: `paging-test-${name}`,
          createdAt: new Date(queuedAt.getTime() + index * 60_000),
        })),
      );
      const page = async (number: number) => {
        const query = `start_date=2026-11-15&end_date=2026-11-15&sort_directin=asc&page_size=2&page_number=${number}`;
        return (await call(superuser, { url: `/api/reports/sockletlabs-email-report?${query}` })).body;
      };
      const first = await page(1);
      expect(first).toContain('first@paging.example');
      expect(first).toContain('second@paging.example');
      expect(first).not.toContain('third@paging.example');
      expect(first).toContain('Page 1 of 2 messages a page: messages 1 to 2 of 3.');
      const second = await page(2);
      expect(second).toContain('third@paging.example');
      expect(second).not.toContain('first@paging.example');
      expect(second).toContain('Page 2 of 2 messages a page: messages 3 to 3 of 3.');
    });

    it('makes PDF and Excel through a task, and refuses them at once', async () => {
      const refused = await call(superuser, {
        url: '/api/reports/sockletlabs-email-report?format=pdf&start_date=2026-11-14&end_date=2026-11-21',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ detail: REPORT_MESSAGES.preparedFormats });
      const response = await call(superuser, {
        method: 'POST',
        url: '/api/reports/sockletlabs-email-report?start_date=2026-11-14&end_date=2026-11-21&sort_directin=asc',
        payload: { email_format: 'pdf', email_list: ['ops@example.com'] },
      });
      expect(response.statusCode).toBe(202);
      await t.services.reports.runDue();
      const task = (await call(superuser, { url: `/api/tasks/${response.json().task_id}` })).json();
      expect(task).toMatchObject({ status: 'done', type: 'emails', format: 'pdf' });
      expect(task.message_ids).toHaveLength(1);
    });

    it('are refused to everyone else (403), queueing nothing', async () => {
      const before = await counts();
      for (const token of [gold.owner, coOwner, contact, bronze.owner]) {
        for (const path of ['sms', 'sockletlabs-email-report', 'unpaid', 'billing', 'files-processed']) {
          const query = 'start_date=2026-11-14&end_date=2026-11-21';
          const view = await call(token, { url: `/api/reports/${path}?${query}` });
          expect(view.statusCode, path).toBe(403);
          const job = await call(token, {
            method: 'POST',
            url: `/api/reports/${path}?${query}`,
            payload: { email_format: 'csv', email_list: ['a@example.com'] },
          });
          expect(job.statusCode, path).toBe(403);
        }
      }
      expect(await counts()).toEqual(before);
    });
  });
});

describe('a report e-mailed through a real SMTP server', () => {
  let smtp: LocalSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ clock: manualClock(NOW), mailTransport: createSmtpTransport(smtp.url) });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('arrives with the report file attached', async () => {
    const { user, client } = await buildOwnedClient(t.services, undefined, {
      tier: 'gold',
      accountName: 'Gulf Coast',
    });
    await t.services.contacts.create({ clientId: client.id, name: 'Site', email: 'site@example.com' });
    const token = (await login(t.app, user.email)).token;
    const location = await t.app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: bearer(token),
      payload: { name: 'Houston Yard', latitude: 29.76, longitude: -95.37, h24_threshold: 0.5 },
    });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/reports/data_by_date_range/${OCTOBER}`,
      headers: bearer(token),
      payload: { email_format: 'csv', email_list: ['site@example.com'], locations: [location.json().id] },
    });
    await t.services.reports.runDue();
    const task = (
      await t.app.inject({ url: `/api/tasks/${response.json().task_id}`, headers: bearer(token) })
    ).json();
    expect(task.status).toBe('done');
    expect(await t.services.outbox.deliverDue()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const raw = smtp.received[0]?.raw ?? '';
    expect(raw).toContain(`filename=${task.file.filename}`);
    expect(raw).toContain('Content-Type: text/csv');
    expect(raw).toMatch(/Subject: .*Monthly.Rainfall.Report/);
  });
});
