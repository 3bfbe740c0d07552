import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the server received: method, path and its form fields as sent (`line_items[0][price]`). */
export interface FakeStripeRequest {
  method: string;
  path: string;
  form: Record<string, string>;
}

interface FakeSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  customer: string;
  subscription: string | null;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  url: string;
  success_url: string;
  cancel_url: string;
  mode: string;
}

interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  items: { object: 'list'; data: { id: string; quantity: number; price: { id: string } }[] };
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString()));
    request.on('error', reject);
  });
}

/** The `metadata[...]` fields of a form as an object. */
function metadataOf(form: Record<string, string>, prefix = 'metadata'): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = new RegExp(`^${prefix.replace(/[[\]]/g, '\\$&')}\\[([^\\]]+)\\]$`).exec(key);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

/**
 * A local HTTP server answering the Stripe API paths the adapter uses, with Stripe-shaped JSON,
 * recording every form-encoded request so a test can check what was sent. A test marks a
 * checkout paid (`pay`) as a buyer on Stripe's page would.
 */
export async function startFakeStripe() {
  const requests: FakeStripeRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const state = { outage: false };

  function send(response: ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    response.end(JSON.stringify(body));
  }

  const missing = (response: ServerResponse, what: string) =>
    send(response, 404, {
      error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
    });

  function route(method: string, path: string, form: Record<string, string>, response: ServerResponse) {
    if (method === 'POST' && path === '/v1/customers') {
      return send(response, 200, { id: id('cus'), object: 'customer', email: form.email, name: form.name });
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const session: FakeSession = {
        id: id('cs_test'),
        object: 'checkout.session',
        status: 'open',
        payment_status: 'unpaid',
        customer: form.customer ?? id('cus'),
        subscription: null,
        metadata: metadataOf(form),
        client_reference_id: form.client_reference_id ?? null,
        url: '',
        success_url: form.success_url ?? '',
        cancel_url: form.cancel_url ?? '',
        mode: form.mode ?? 'payment',
      };
      session.url = `https://checkout.stripe.test/c/pay/${session.id}`;
      sessions.set(session.id, session);
      const price = form['line_items[0][price]'] ?? '';
      const quantity = Number(form['line_items[0][quantity]'] ?? 1);
      subscriptions.set(`pending:${session.id}`, {
        id: '',
        object: 'subscription',
        customer: session.customer,
        items: { object: 'list', data: [{ id: id('si'), quantity, price: { id: price } }] },
      });
      return send(response, 200, session);
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && sessionMatch?.[1]) {
      const session = sessions.get(decodeURIComponent(sessionMatch[1]));
      return session ? send(response, 200, session) : missing(response, 'checkout.session');
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subscriptionMatch?.[1]) {
      const subscription = subscriptions.get(decodeURIComponent(subscriptionMatch[1]));
      if (!subscription) return missing(response, 'subscription');
      const item = subscription.items.data[0];
      if (method === 'POST' && item && form['items[0][id]'] === item.id) {
        item.quantity = Number(form['items[0][quantity]']);
      }
      return send(response, 200, subscription);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      return send(response, 200, {
        id: id('bps'),
        object: 'billing_portal.session',
        customer: form.customer,
        return_url: form.return_url,
        url: `https://billing.stripe.test/p/session/${id('test')}`,
      });
    }
    return missing(response, path);
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(request);
    const form = Object.fromEntries(new URLSearchParams(body));
    requests.push({ method: request.method ?? 'GET', path: url.pathname, form });
    if (state.outage) {
      return send(response, 500, { error: { type: 'api_error', message: 'Stripe is down (fake)' } });
    }
    route(request.method ?? 'GET', url.pathname, form, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    state,
    session: (sessionId: string) => sessions.get(sessionId),
    subscription: (subscriptionId: string) => subscriptions.get(subscriptionId),
    /** The buyer paid on Stripe's page: the session completes and its subscription starts. */
    pay(sessionId: string): FakeSession {
      const session = sessions.get(sessionId);
      const pending = subscriptions.get(`pending:${sessionId}`);
      if (!session || !pending) throw new Error(`no checkout session ${sessionId}`);
      const subscription = { ...pending, id: id('sub') };
      subscriptions.set(subscription.id, subscription);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
      return session;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
