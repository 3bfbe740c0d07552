import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOwnedClient } from '../../test/factories';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

describe('trial reminders (D9)', () => {
  const clock = manualClock(new Date('2026-11-21T12:00:00Z'));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  async function trialMailsTo(email: string) {
    const page = await t.services.outbox.page(1, 250);
    return page.items
      .filter((mail) => mail.to === email && mail.kind.startsWith('trial_'))
      .map((mail) => mail.subject);
  }

  it('e-mails the owner 7 days and 1 day before the end and the day after, each once', async () => {
    const { user } = await buildOwnedClient(t.services, undefined, {
      accountType: 'trial',
      isTrialAccount: true,
      trialEndDate: '2026-12-01',
      accountName: 'Creek Farm',
    });
    const paid = await buildOwnedClient(t.services, undefined, { trialEndDate: '2026-12-01' });
    const runOn = async (instant: string) => {
      clock.set(new Date(instant));
      await t.services.trialNotices.sendDue();
      await t.services.trialNotices.sendDue();
    };

    await runOn('2026-11-23T12:00:00Z');
    expect(await trialMailsTo(user.email)).toEqual([]);
    await runOn('2026-11-24T12:00:00Z');
    expect(await trialMailsTo(user.email)).toEqual(['Your Pluvio trial ends on Tue, Dec 1']);
    await runOn('2026-11-27T12:00:00Z');
    expect(await trialMailsTo(user.email)).toHaveLength(1);
    await runOn('2026-11-30T12:00:00Z');
    await runOn('2026-12-01T12:00:00Z');
    expect(await trialMailsTo(user.email)).toEqual([
      'Your Pluvio trial ends on Tue, Dec 1',
      'Your Pluvio trial ends on Tue, Dec 1',
    ]);
    await runOn('2026-12-02T12:00:00Z');
    await runOn('2026-12-03T12:00:00Z');
    const mails = await trialMailsTo(user.email);
    expect(mails).toHaveLength(3);
    expect(mails).toContain('Your Pluvio trial has ended');
    expect(await trialMailsTo(paid.user.email)).toEqual([]);
  });
});
