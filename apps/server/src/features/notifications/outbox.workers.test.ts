import { setTimeout as sleep } from 'node:timers/promises';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../core/tables/outbox';
import { type FakeTwilio, startFakeTwilio } from '../../test/fake-twilio';
import { type LocalSmtpServer, startSmtpServer } from '../../test/smtp-server';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import { createSmtpTransport, type MailTransport } from './mail-transport';
import { createOutboxService, type OutboxOptions, type OutboxService } from './outbox.service';
import { twilioTransportFromConfig } from './sms-transport';

const QUEUED = 60;
/** What each message costs the provider, on the workers' clock: the pace that broke D16. */
const PROVIDER_MS = 3_000;
const SECOND = 1_000;

/** A transport that answers "sent" only when released: the send of a slow worker, or of a killed one. */
function hangingTransport() {
  let release = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  const transport: MailTransport = {
    kind: 'smtp',
    send: async () => {
      calls += 1;
      await answered;
      return { providerMessageId: null };
    },
  };
  return { transport, release, calls: () => calls };
}

/**
 * Several workers (processes) share one outbox. Each worker here is its own outbox service on the
 * test's database, as each worker process builds its own; the providers advance the shared clock
 * as they take their time.
 */
describe('outbox workers sharing one database', () => {
  const clock = manualClock();
  let smtp: LocalSmtpServer;
  let twilio: FakeTwilio;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer({ onMessage: () => clock.advance(PROVIDER_MS) });
    twilio = await startFakeTwilio({ onMessage: () => clock.advance(PROVIDER_MS) });
    t = await createTestApp({ clock, env: twilio.env() });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await twilio.close();
  });

  const worker = (overrides: Partial<OutboxOptions> = {}) =>
    createOutboxService(t.database.db, {
      mailTransport: createSmtpTransport(smtp.url),
      smsTransport: twilioTransportFromConfig(t.services.config),
      mailFrom: t.services.config.MAIL_FROM,
      clock,
      ...overrides,
    });

  const rows = (ids: number[]) => t.database.db.select().from(outbox).where(inArray(outbox.id, ids));
  /** Queues a plain e-mail with the subject to its lower-case address at example.com; its id. */
  const enqueueTestEmail = (sender: OutboxService, subject: string) =>
    sender.enqueueEmail({
      to: `${subject.toLowerCase()}@example.com`,
      subject,
      text: 'Plain part',
      html: null,
      kind: 'test',
    });
  const unsent = async (ids: number[]) =>
    (await rows(ids)).filter((row) => row.status === 'queued' || row.status === 'sending').length;

  /** A worker's job in short: send what is due, look again soon when nothing is, until all went. */
  async function sendAll(sender: OutboxService, ids: number[]) {
    for (let round = 0; round < 5_000 && (await unsent(ids)) > 0; round++) {
      if ((await sender.deliverDue()) === 0) await sleep(5);
    }
  }

  const messageIdOf = (raw: string) => /^Message-ID:\s*(\S+)/im.exec(raw)?.[1];

  it('sends 60 queued e-mails exactly 60 times with two workers and an SMTP server taking 3 s a message', async () => {
    const [one, two] = [worker(), worker()];
    const ids = await one.enqueueEmails(
      Array.from({ length: QUEUED }, (_, n) => ({
        to: `reader-${n}@example.com`,
        subject: `Rain report ${n}`,
        text: 'Plain part',
        html: null,
        kind: 'test',
      })),
    );

    await Promise.all([sendAll(one, ids), sendAll(two, ids)]);

    const messageIds = smtp.received.map((mail) => messageIdOf(mail.raw));
    expect(messageIds).toHaveLength(QUEUED);
    expect(new Set(messageIds).size).toBe(QUEUED);
    expect((await rows(ids)).map((row) => [row.status, row.attempts])).toEqual(ids.map(() => ['sent', 1]));
  });

  it('posts 60 queued texts to Twilio exactly 60 times with two workers and Twilio taking 3 s a message', async () => {
    const [one, two] = [worker(), worker()];
    const ids = await one.enqueueSmsMessages(
      Array.from({ length: QUEUED }, (_, n) => ({
        to: `+1512555${String(1000 + n)}`,
        text: `Rain report ${n}`,
        kind: 'test',
      })),
    );
    const requestsBefore = twilio.state.requests;

    await Promise.all([sendAll(one, ids), sendAll(two, ids)]);

    // Twilio's idempotency token hides a second post of a text; the requests it answered do not.
    expect(twilio.state.requests - requestsBefore).toBe(QUEUED);
    expect((await rows(ids)).map((row) => [row.status, row.attempts])).toEqual(ids.map(() => ['sent', 1]));
  });

  it('keeps the claim of a send that outlasts the lease while its worker lives', async () => {
    const lease = { ms: 90 * SECOND, renewEveryMs: 10 };
    const slow = hangingTransport();
    const [one, two] = [worker({ mailTransport: slow.transport, lease }), worker({ lease })];
    const id = await enqueueTestEmail(one, 'Slow');
    const received = smtp.received.length;
    const sending = one.deliverDue();
    await expect.poll(slow.calls).toBe(1);

    // Four minutes on the clock, a minute at a time: each time the live worker renews its claim.
    const leaseEnd = async () => (await rows([id]))[0]?.lockedUntil?.getTime();
    for (let minute = 1; minute <= 4; minute++) {
      clock.advance(60 * SECOND);
      await expect.poll(leaseEnd).toBe(clock.now().getTime() + lease.ms);
      expect(await two.deliverDue()).toBe(0);
    }

    slow.release();
    await sending;
    expect(smtp.received.length).toBe(received);
    const [row] = await rows([id]);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('hands the message of a worker killed mid-send to another worker once its lease has passed', async () => {
    const lease = { ms: 90 * SECOND, renewEveryMs: 10 };
    // Killed: it never answers and never renews its claim again.
    const killed = hangingTransport();
    const dead = worker({
      mailTransport: killed.transport,
      lease: { ms: lease.ms, renewEveryMs: 3_600_000 },
    });
    const live = worker({ lease });
    const id = await enqueueTestEmail(dead, 'Orphan');
    const received = smtp.received.length;
    const abandoned = dead.deliverDue();
    await expect.poll(killed.calls).toBe(1);

    clock.advance(lease.ms - SECOND);
    expect(await live.deliverDue()).toBe(0);
    clock.advance(2 * SECOND);
    expect(await live.deliverDue()).toBe(1);

    expect(smtp.received.length).toBe(received + 1);
    const [row] = await rows([id]);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(messageIdOf(smtp.received.at(-1)?.raw ?? '')).toContain(row?.idempotencyKey);
    // The killed worker's late answer changes nothing.
    killed.release();
    await abandoned;
    const [after] = await rows([id]);
    expect(after).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('keeps its claim and marks the message sent once the database is back, when it went away just after the send', async () => {
    const lease = { ms: 90 * SECOND, renewEveryMs: 40 };
    // The database answers no update for a while (a restart) from the moment the provider took the message.
    const outage = { failingUpdates: 0 };
    const db = new Proxy(t.database.db, {
      get(target, property, receiver) {
        if (property === 'update' && outage.failingUpdates > 0) {
          outage.failingUpdates -= 1;
          return () => {
            throw new Error('Connection terminated unexpectedly');
          };
        }
        return Reflect.get(target, property, receiver);
      },
    });
    const sending: MailTransport = {
      kind: 'smtp',
      send: async (message) => {
        const sent = await createSmtpTransport(smtp.url).send(message);
        outage.failingUpdates = 3;
        return sent;
      },
    };
    const first = createOutboxService(db, {
      mailTransport: sending,
      smsTransport: null,
      mailFrom: t.services.config.MAIL_FROM,
      clock,
      lease,
    });
    const id = await enqueueTestEmail(first, 'Restart');
    const received = smtp.received.length;

    expect(await first.deliverDue()).toBe(1);
    clock.advance(lease.ms + SECOND);
    expect(await worker({ lease }).deliverDue()).toBe(0);

    expect(smtp.received.length).toBe(received + 1);
    const [row] = await rows([id]);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });
});
