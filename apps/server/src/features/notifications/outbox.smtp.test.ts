import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type LocalSmtpServer, startSmtpServer } from '../../test/smtp-server';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import { createSmtpTransport } from './mail-transport';

describe('outbox e-mail through a real SMTP server', () => {
  const clock = manualClock();
  let smtp: LocalSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ clock, mailTransport: createSmtpTransport(smtp.url) });
  });
  afterEach(() => {
    smtp.received.length = 0;
    smtp.state.refusing = false;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const message = (to: string) => ({
    to,
    subject: 'Rain at Houston',
    text: 'Plain part',
    html: '<p>HTML part</p>',
    kind: 'test',
  });

  it('delivers a queued message once, with its text and HTML parts', async () => {
    await t.services.outbox.enqueueEmail(message('once@example.com'));
    expect(await t.services.outbox.deliverDue()).toBe(1);
    expect(await t.services.outbox.deliverDue()).toBe(0);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(['once@example.com']);
    expect(smtp.received[0]?.raw).toContain('Plain part');
    expect(smtp.received[0]?.raw).toContain('<p>HTML part</p>');
    const page = await t.services.outbox.page(1, 10);
    expect(page.items.find((item) => item.to === 'once@example.com')).toMatchObject({
      status: 'sent',
      attempts: 1,
    });
  });

  it('keeps messages while the server refuses, and delivers each once when it comes back', async () => {
    smtp.state.refusing = true;
    await t.services.outbox.enqueueEmail(message('wait-1@example.com'));
    await t.services.outbox.enqueueEmail(message('wait-2@example.com'));
    expect(await t.services.outbox.deliverDue()).toBe(2);
    expect(await t.services.outbox.deliverDue()).toBe(0);
    let waiting = (await t.services.outbox.page(1, 10)).items.filter((item) => item.to.startsWith('wait-'));
    expect(waiting.map((item) => item.status)).toEqual(['queued', 'queued']);
    expect(waiting[0]?.last_error).toBeTruthy();

    clock.advance(31_000);
    expect(await t.services.outbox.deliverDue()).toBe(2);
    expect(smtp.received).toHaveLength(0);

    smtp.state.refusing = false;
    clock.advance(61_000);
    expect(await t.services.outbox.deliverDue()).toBe(2);
    clock.advance(3_600_000);
    expect(await t.services.outbox.deliverDue()).toBe(0);
    expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual([
      'wait-1@example.com',
      'wait-2@example.com',
    ]);
    waiting = (await t.services.outbox.page(1, 10)).items.filter((item) => item.to.startsWith('wait-'));
    expect(waiting.map((item) => item.status)).toEqual(['sent', 'sent']);
  });
});
