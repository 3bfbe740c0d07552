import { WEBHOOK_MESSAGES } from '@pluvio/shared/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookEndpoints } from '../../core/tables/webhooks';
import { bearer, buildOwnedClient, login } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { isPublicAddress, sendProblem } from './webhook-address';
import { postSigned } from './webhook-sender';

describe('the addresses webhooks may go to', () => {
  it('takes public addresses only, IPv4 and IPv6, judging IPv4-mapped IPv6 by its IPv4 address', () => {
    const refused = [
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '127.0.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      'not-an-address',
    ];
    for (const address of refused) expect([address, isPublicAddress(address)]).toEqual([address, false]);
    for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect([address, isPublicAddress(address)]).toEqual([address, true]);
    }
  });

  it('sends over https only in production, and over http to this machine only outside it', () => {
    const problem = (url: string, production: boolean) => sendProblem(new URL(url), production);
    expect(problem('https://hooks.example.com/x', true)).toBeNull();
    expect(problem('http://hooks.example.com/x', true)).toBe(WEBHOOK_MESSAGES.httpsOnly);
    expect(problem('http://localhost:3000/x', true)).toBe(WEBHOOK_MESSAGES.httpsOnly);
    expect(problem('https://10.0.0.5/x', true)).toBe(WEBHOOK_MESSAGES.privateAddress);
    expect(problem('https://[::ffff:7f00:1]/x', true)).toBe(WEBHOOK_MESSAGES.privateAddress);
    expect(problem('http://localhost:3000/x', false)).toBeNull();
    expect(problem('http://127.0.0.1:3000/x', false)).toBeNull();
    expect(problem('http://hooks.example.com/x', false)).toBe(WEBHOOK_MESSAGES.httpsOnly);
  });

  it('refuses in production a name that resolves to this machine when it connects (DNS checked at send time)', async () => {
    const attempt = await postSigned('https://localhost:9/x', '{}', 't=1,v1=0', {
      production: true,
      timeoutMs: 2_000,
    });
    expect(attempt).toEqual({ code: null, error: WEBHOOK_MESSAGES.privateAddress });
  });
});

describe('webhooks in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production' } });
  });
  afterAll(() => t.close());

  it('refuses at creation an endpoint on a private address or over http, saving nothing', async () => {
    const { user, client } = await buildOwnedClient(t.services, undefined, { tier: 'gold' });
    const headers = bearer((await login(t.app, user.email)).token);
    const url = `/api/webhooks?client_id=${client.id}`;
    const cases: [string, string][] = [
      ['https://127.0.0.1/hook', WEBHOOK_MESSAGES.privateAddress],
      ['https://localhost/hook', WEBHOOK_MESSAGES.privateAddress],
      ['https://[::ffff:192.168.0.1]/hook', WEBHOOK_MESSAGES.privateAddress],
      ['https://169.254.169.254/latest/meta-data', WEBHOOK_MESSAGES.privateAddress],
      ['http://localhost:3000/hook', WEBHOOK_MESSAGES.httpsOnly],
    ];
    for (const [target, message] of cases) {
      const refused = await t.app.inject({
        method: 'POST',
        url,
        headers,
        payload: { url: target, events: ['alert.fired'] },
      });
      expect([target, refused.statusCode]).toEqual([target, 422]);
      expect(refused.json().detail).toEqual([{ loc: ['body', 'url'], msg: message, type: 'value_error' }]);
    }
    expect((await t.app.inject({ url, headers })).json()).toEqual([]);
  });

  it('does not send to an endpoint whose address is private by the time of sending', async () => {
    const { client } = await buildOwnedClient(t.services, undefined, { tier: 'gold' });
    const now = t.services.clock.now();
    const [endpoint] = await t.database.db
      .insert(webhookEndpoints)
      .values({
        clientId: client.id,
        url: 'https://127.0.0.1:9/hook',
        events: ['alert.fired'],
        secret: 'whsec_t',
        createdAt: now,
      })
      .returning();
    await t.database.db.insert(webhookDeliveries).values({
      endpointId: endpoint?.id as number,
      eventId: 'evt_private',
      eventType: 'ping',
      body: '{}',
      nextAttemptAt: now,
      createdAt: now,
    });
    await t.services.webhooks.deliverDue();
    const [delivery] = await t.database.db.select().from(webhookDeliveries);
    expect(delivery).toMatchObject({
      status: 'retrying',
      responseCode: null,
      lastError: WEBHOOK_MESSAGES.privateAddress,
    });
  });
});
