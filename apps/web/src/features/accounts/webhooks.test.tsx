import { TIER_NAMES } from '@pluvio/shared/tiers';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  type Webhook,
  type WebhookDelivery,
} from '@pluvio/shared/webhooks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerConfirmation } from '../../testing/confirm';
import { buildAccount, buildUser } from '../../testing/fixtures';
import { serveOwnSubscription } from '../../testing/own-subscription';
import { type ExpectedRequests, jsonResponse, renderRoute } from '../../testing/render';
import { signInAs } from '../../testing/session';

const [, SILVER] = TIER_NAMES;
const SECRET = `whsec_${'b'.repeat(43)}`;
const URL_ = 'https://hooks.example.com/pluvio';
const ENDPOINT: Webhook = {
  id: 7,
  url: URL_,
  events: ['alert.fired', 'storm_event.opened'],
  enabled: true,
  disabled_reason: null,
  created_at: '2026-11-21T12:00:00Z',
};
const PING: WebhookDelivery = {
  id: 41,
  event_id: 'evt_1',
  event_type: 'ping',
  status: 'delivered',
  attempts: 1,
  response_code: 200,
  error: null,
  created_at: '2026-11-21T17:05:00Z',
  delivered_at: '2026-11-21T17:05:01Z',
  next_attempt_at: null,
};

/** A silver owner's subscription page listing `endpoints`; `extra` answers the webhook requests first. */
function serve(endpoints: Webhook[], extra: ExpectedRequests = () => undefined) {
  return serveOwnSubscription(
    (url, init) =>
      extra(url, init) ?? (url === '/api/webhooks?client_id=10' ? jsonResponse(endpoints) : undefined),
    buildAccount({ tier: SILVER }),
  );
}

const webhooksSection = () => screen.findByRole('region', { name: 'Webhooks' });
const requestsTo = (fetchMock: ReturnType<typeof serve>, method: string, url: string) =>
  fetchMock.mock.calls.filter(([called, init]) => called === url && init?.method === method);

async function openAddDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(await webhooksSection()).getByRole('button', { name: 'Add Endpoint' }));
  return screen.findByRole('dialog', { name: 'Add Webhook Endpoint' });
}

describe('webhooks on my subscription', () => {
  it("lists the owner's endpoints with their events and state", async () => {
    signInAs(buildUser());
    serve([ENDPOINT]);
    renderRoute('/client-form');
    const list = await screen.findByRole('list', { name: 'Webhook endpoints' });
    expect(within(list).getByText(URL_)).toBeTruthy();
    expect(within(list).getByText('Events: alert.fired, storm_event.opened')).toBeTruthy();
    expect(within(list).getByText('Enabled')).toBeTruthy();
  });

  it('adds an endpoint for every event and shows its signing secret once', async () => {
    const user = userEvent.setup();
    signInAs(buildUser());
    const fetchMock = serve([], (url, init) =>
      url === '/api/webhooks?client_id=10' && init.method === 'POST'
        ? jsonResponse({ id: 8, secret: SECRET }, 201)
        : undefined,
    );
    renderRoute('/client-form');
    const dialog = await openAddDialog(user);
    for (const type of WEBHOOK_EVENT_TYPES) {
      expect(
        (within(dialog).getByRole('checkbox', { name: WEBHOOK_EVENT_LABELS[type] }) as HTMLInputElement)
          .checked,
      ).toBe(true);
    }
    await user.type(within(dialog).getByRole('textbox', { name: /Endpoint URL/ }), URL_);
    await user.click(within(dialog).getByRole('button', { name: 'Add Endpoint' }));

    expect(await within(dialog).findByText(SECRET)).toBeTruthy();
    expect(dialog.textContent).toContain(
      'Store this signing secret now: it will not be shown again. Use it to check the Pluvio-Signature header.',
    );
    const [post] = requestsTo(fetchMock, 'POST', '/api/webhooks?client_id=10');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ url: URL_, events: [...WEBHOOK_EVENT_TYPES] });
    await user.click(within(dialog).getByRole('button', { name: 'Copy secret' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('says what is wrong before sending, and shows the server’s refusal in the dialog', async () => {
    const user = userEvent.setup();
    signInAs(buildUser());
    const fetchMock = serve([], (url, init) =>
      url === '/api/webhooks?client_id=10' && init.method === 'POST'
        ? jsonResponse({ detail: WEBHOOK_MESSAGES.httpsOnly }, 400)
        : undefined,
    );
    renderRoute('/client-form');
    const dialog = await openAddDialog(user);
    for (const type of WEBHOOK_EVENT_TYPES) {
      await user.click(within(dialog).getByRole('checkbox', { name: WEBHOOK_EVENT_LABELS[type] }));
    }
    await user.click(within(dialog).getByRole('button', { name: 'Add Endpoint' }));
    expect(within(dialog).getByText(WEBHOOK_MESSAGES.url)).toBeTruthy();
    expect(within(dialog).getByText(WEBHOOK_MESSAGES.events)).toBeTruthy();
    expect(requestsTo(fetchMock, 'POST', '/api/webhooks?client_id=10')).toHaveLength(0);

    await user.type(
      within(dialog).getByRole('textbox', { name: /Endpoint URL/ }),
      'http://hooks.example.com/',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: WEBHOOK_EVENT_LABELS['alert.fired'] }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Endpoint' }));
    expect(await within(dialog).findByText(WEBHOOK_MESSAGES.httpsOnly)).toBeTruthy();
    expect(screen.queryByText(/whsec_/)).toBeNull();
  });

  it('shows why the server disabled an endpoint, and enables it again', async () => {
    const user = userEvent.setup();
    signInAs(buildUser());
    const reason = 'Disabled on Nov 22: every delivery failed for 24 hours (last answer HTTP 500).';
    const fetchMock = serve([{ ...ENDPOINT, enabled: false, disabled_reason: reason }], (url, init) =>
      url === '/api/webhooks/7?client_id=10' && init.method === 'PATCH'
        ? jsonResponse({ ...ENDPOINT, enabled: true })
        : undefined,
    );
    renderRoute('/client-form');
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(screen.getByText('Disabled')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: `Enable ${URL_}` }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'PATCH', '/api/webhooks/7?client_id=10')).toHaveLength(1),
    );
    const [patch] = requestsTo(fetchMock, 'PATCH', '/api/webhooks/7?client_id=10');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ enabled: true });
  });

  it('queues a test event and shows it in the delivery log once sent', async () => {
    const user = userEvent.setup();
    signInAs(buildUser());
    let deliveries: WebhookDelivery[] = [];
    serve([ENDPOINT], (url, init) => {
      if (url === '/api/webhooks/7/deliveries?client_id=10') return jsonResponse(deliveries);
      if (url === '/api/webhooks/7/test?client_id=10' && init.method === 'POST') {
        deliveries = [PING];
        return jsonResponse({ delivery_id: PING.id, event_id: PING.event_id }, 202);
      }
      return undefined;
    });
    renderRoute('/client-form');
    await user.click(await screen.findByRole('button', { name: `Deliveries to ${URL_}` }));
    expect(await screen.findByText('No deliveries yet.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: `Send test event to ${URL_}` }));
    expect(await screen.findByText('Test event queued; it appears below when sent.')).toBeTruthy();
    const log = await screen.findByRole('table', { name: 'Deliveries' });
    const cells = within(log)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['Nov 21, 12:05 PM EST', 'ping', 'Delivered', '200', '1', '']);
  });

  it('deletes an endpoint only after the owner confirms', async () => {
    const user = userEvent.setup();
    signInAs(buildUser());
    const fetchMock = serve([ENDPOINT], (url, init) =>
      url === '/api/webhooks/7?client_id=10' && init.method === 'DELETE'
        ? new Response(null, { status: 204 })
        : undefined,
    );
    renderRoute('/client-form');
    const deletes = () => requestsTo(fetchMock, 'DELETE', '/api/webhooks/7?client_id=10');
    await user.click(await screen.findByRole('button', { name: `Delete ${URL_}` }));
    const cancelled = await answerConfirmation('Cancel');
    expect(cancelled.title).toBe('Delete this webhook endpoint?');
    expect(cancelled.text).toContain(URL_);
    expect(deletes()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: `Delete ${URL_}` }));
    await answerConfirmation('Delete');
    await waitFor(() => expect(deletes()).toHaveLength(1));
  });

  it('tells the owner of a lower plan that webhooks come with a higher one', async () => {
    signInAs(buildUser());
    const fetchMock = serveOwnSubscription(() => undefined);
    renderRoute('/client-form');
    const section = await webhooksSection();
    expect(section.textContent).toContain(WEBHOOK_MESSAGES.plan);
    expect(within(section).getByRole('link', { name: 'Click Here to Upgrade' }).getAttribute('href')).toBe(
      '/upgrade',
    );
    expect(within(section).queryByRole('button', { name: 'Add Endpoint' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/webhooks'))).toBe(false);
  });
});
