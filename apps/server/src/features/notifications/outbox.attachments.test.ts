import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/db/client';
import { bearer, buildOwnedClient, buildUser, login } from '../../test/factories';
import { type LocalSmtpServer, startSmtpServer } from '../../test/smtp-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createSmtpTransport } from './mail-transport';

const FILE = {
  filename: 'pluvio-monthly-2026-10.csv',
  contentType: 'text/csv; charset=utf-8',
  content: Buffer.from('Location,Date,Total (in)\r\nHouston,2026-10-01,0.42\r\n'),
};

const email = (to: string) => ({
  to,
  subject: 'Monthly Rainfall Report, October 2026',
  text: 'Your report is attached.',
  html: '<p>Your report is attached.</p>',
  kind: 'report',
});

describe('e-mails with an attachment, in the mail viewer', () => {
  let t: TestApp;
  let superToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    superToken = (
      await login(t.app, (await buildUser(t.services, { isSuperuser: true, role: 'admin' })).email)
    ).token;
  });
  afterAll(() => t.close());

  it('stores one file for every recipient queued together, lists it with each message and downloads it', async () => {
    const ids = await t.services.database.db.transaction((tx) =>
      t.services
        .outboxIn(tx)
        .enqueueEmailsWithAttachment([email('a@example.com'), email('b@example.com')], FILE),
    );
    expect(ids).toHaveLength(2);
    const page = await t.app.inject({
      url: '/api/admin/outbox?page=1&page_size=10',
      headers: bearer(superToken),
    });
    expect(page.statusCode).toBe(200);
    const listed = page.json().items.filter((item: { id: number }) => ids.includes(item.id));
    expect(listed.map((item: { attachment: unknown }) => item.attachment)).toEqual([
      { filename: FILE.filename, content_type: FILE.contentType, size: FILE.content.length },
      { filename: FILE.filename, content_type: FILE.contentType, size: FILE.content.length },
    ]);

    const download = await t.app.inject({
      url: `/api/admin/outbox/${ids[0]}/attachment`,
      headers: bearer(superToken),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe(FILE.contentType);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${FILE.filename}"`);
    expect(download.rawPayload.equals(FILE.content)).toBe(true);
  });

  it('lists messages without a file with a null attachment and answers 404 for their attachment', async () => {
    const id = await t.services.outbox.enqueueEmail(email('plain@example.com'));
    const page = await t.app.inject({ url: '/api/admin/outbox', headers: bearer(superToken) });
    expect(page.json().items.find((item: { id: number }) => item.id === id).attachment).toBeNull();
    const download = await t.app.inject({
      url: `/api/admin/outbox/${id}/attachment`,
      headers: bearer(superToken),
    });
    expect(download.statusCode).toBe(404);
    expect(download.json()).toEqual({ detail: 'This message has no attachment' });
  });

  it('opens the page that holds a given message (the deep link /admin/mail?message=id)', async () => {
    const first = await t.services.outbox.enqueueEmail(email('first@example.com'));
    for (let i = 0; i < 4; i++) await t.services.outbox.enqueueEmail(email(`later-${i}@example.com`));
    const page = await t.app.inject({
      url: `/api/admin/outbox?page_size=2&message=${first}`,
      headers: bearer(superToken),
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().items.map((item: { id: number }) => item.id)).toContain(first);
    expect(page.json().page).toBeGreaterThan(1);
    const missing = await t.app.inject({
      url: '/api/admin/outbox?message=2147483647',
      headers: bearer(superToken),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Message not found' });
  });

  it('forgets files older than the days kept once their messages no longer wait, keeping the texts', async () => {
    const queue = (to: string) =>
      t.services.database.db.transaction((tx) =>
        t.services.outboxIn(tx).enqueueEmailsWithAttachment([email(to)], FILE),
      );
    const [waiting] = await queue('waiting@example.com');
    const [kept] = await queue('kept@example.com');
    await queryRows(t.database.db, sql`update outbox set status = 'queued' where id = ${waiting}`);
    expect(await t.services.outbox.forgetOldAttachments(1)).toBe(0);

    expect(await t.services.outbox.forgetOldAttachments(0)).toBeGreaterThanOrEqual(1);
    const page = (
      await t.app.inject({ url: '/api/admin/outbox?page=1&page_size=250', headers: bearer(superToken) })
    ).json();
    const byId = new Map(page.items.map((item: { id: number }) => [item.id, item]));
    expect(byId.get(waiting)).toMatchObject({ attachment: { filename: FILE.filename } });
    expect(byId.get(kept)).toMatchObject({ attachment: null, text: 'Your report is attached.' });
  });

  it('refuses owners (403) and anonymous callers (401) the attachment', async () => {
    const id = await t.services.outbox.enqueueEmailsWithAttachment([email('c@example.com')], FILE);
    const { user } = await buildOwnedClient(t.services);
    const owner = (await login(t.app, user.email)).token;
    const refused = await t.app.inject({
      url: `/api/admin/outbox/${id[0]}/attachment`,
      headers: bearer(owner),
    });
    expect(refused.statusCode).toBe(403);
    const anonymous = await t.app.inject({ url: `/api/admin/outbox/${id[0]}/attachment` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('an e-mail with an attachment through a real SMTP server', () => {
  let smtp: LocalSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ mailTransport: createSmtpTransport(smtp.url) });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('arrives with the file, byte for byte', async () => {
    const binary = {
      ...FILE,
      filename: 'report.pdf',
      contentType: 'application/pdf',
      content: Buffer.from([0, 1, 2, 250, 255]),
    };
    await t.services.outbox.enqueueEmailsWithAttachment([email('site@example.com')], binary);
    expect(await t.services.outbox.deliverDue()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const raw = smtp.received[0]?.raw ?? '';
    expect(raw).toContain('filename=report.pdf');
    expect(raw).toContain('Content-Type: application/pdf');
    const base64 = /Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*?\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(
      raw.slice(raw.indexOf('report.pdf')),
    );
    expect(Buffer.from((base64?.[1] ?? '').replace(/\s/g, ''), 'base64').equals(binary.content)).toBe(true);
  });
});
