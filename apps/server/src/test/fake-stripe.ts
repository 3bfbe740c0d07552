import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';

/** One request the server received: method, path and its form fields as sent (`line_items[0][price]`). */
export interface FakeStripeRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  /** The query string's fields (list filters). */
  query: Record<string, string>;
  idempotencyKey: string | null;
}

interface FakeSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  customer: string;
  subscription: string | null;
  invoice: string | null;
  /** Cents, once paid. */
  amount_total: number | null;
  expires_at: number;
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
  status: 'active' | 'canceled';
  cancel_at_period_end?: boolean;
  customer: string;
  items: { object: 'list'; data: { id: string; quantity: number; price: { id: string } }[] };
}

interface FakePayment {
  invoice: string;
  paymentIntent: string;
  paymentMethod: string;
  fingerprint: string;
  amount: number;
  refunded: boolean;
}

interface FakeRefund {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  status: 'succeeded';
  reason: string | null;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

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
export async function startFakeStripe(options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const requests: FakeStripeRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  /** Payments by invoice id; refunds by id, and by idempotency key as Stripe replays them. */
  const payments = new Map<string, FakePayment>();
  const refunds: FakeRefund[] = [];
  const refundsByKey = new Map<string, FakeRefund>();
  const state = { outage: false };

  function send(response: ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    response.end(JSON.stringify(body));
  }

  const missing = (response: ServerResponse, what: string) =>
    send(response, 404, {
      error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
    });
  const invalid = (response: ServerResponse, message: string, code?: string) =>
    send(response, 400, { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } });

  const paymentByIntent = (intent: string) =>
    [...payments.values()].find((payment) => payment.paymentIntent === intent);

  function route(request: FakeStripeRequest, response: ServerResponse) {
    const { method, path, form } = request;
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
        invoice: null,
        amount_total: null,
        expires_at: Math.floor(now().getTime() / 1000) + 24 * 3600,
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
        status: 'active',
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
    const expireMatch = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === 'POST' && expireMatch?.[1]) {
      const session = sessions.get(decodeURIComponent(expireMatch[1]));
      if (!session) return missing(response, 'checkout.session');
      // Stripe expires open sessions only.
      if (session.status !== 'open') {
        return invalid(response, 'Only Checkout Sessions with a status in ["open"] can be expired.');
      }
      session.status = 'expired';
      return send(response, 200, session);
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      const payment = payments.get(request.query.invoice ?? '');
      const data = payment
        ? [
            {
              id: `inpay_${payment.invoice.slice(3)}`,
              object: 'invoice_payment',
              invoice: payment.invoice,
              status: 'paid',
              amount_paid: payment.amount,
              payment: { type: 'payment_intent', payment_intent: payment.paymentIntent },
            },
          ]
        : [];
      return send(response, 200, { object: 'list', data, has_more: false, url: path });
    }
    const intentMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && intentMatch?.[1]) {
      const payment = paymentByIntent(decodeURIComponent(intentMatch[1]));
      if (!payment) return missing(response, 'payment_intent');
      return send(response, 200, {
        id: payment.paymentIntent,
        object: 'payment_intent',
        amount: payment.amount,
        status: 'succeeded',
        payment_method: payment.paymentMethod,
      });
    }
    const methodMatch = /^\/v1\/payment_methods\/([^/]+)$/.exec(path);
    if (method === 'GET' && methodMatch?.[1]) {
      const payment = [...payments.values()].find((item) => item.paymentMethod === methodMatch[1]);
      if (!payment) return missing(response, 'payment_method');
      return send(response, 200, {
        id: payment.paymentMethod,
        object: 'payment_method',
        type: 'card',
        card: { brand: 'visa', last4: '4242', fingerprint: payment.fingerprint },
      });
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const replay = request.idempotencyKey ? refundsByKey.get(request.idempotencyKey) : undefined;
      if (replay) return send(response, 200, replay);
      const payment = paymentByIntent(form.payment_intent ?? '');
      if (!payment) return missing(response, 'payment_intent');
      if (payment.refunded) {
        return invalid(response, 'Charge has already been refunded.', 'charge_already_refunded');
      }
      payment.refunded = true;
      const refund: FakeRefund = {
        id: id('re'),
        object: 'refund',
        payment_intent: payment.paymentIntent,
        amount: payment.amount,
        status: 'succeeded',
        reason: form.reason ?? null,
      };
      refunds.push(refund);
      if (request.idempotencyKey) refundsByKey.set(request.idempotencyKey, refund);
      return send(response, 200, refund);
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subscriptionMatch?.[1]) {
      const subscription = subscriptions.get(decodeURIComponent(subscriptionMatch[1]));
      if (!subscription) return missing(response, 'subscription');
      if (method === 'DELETE') {
        subscription.status = 'canceled';
        return send(response, 200, subscription);
      }
      const item = subscription.items.data[0];
      if (method === 'POST' && item && form['items[0][id]'] === item.id) {
        item.quantity = Number(form['items[0][quantity]']);
      }
      if (method === 'POST' && form.cancel_at_period_end !== undefined) {
        subscription.cancel_at_period_end = form.cancel_at_period_end === 'true';
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
    const body = await text(request);
    const form = Object.fromEntries(new URLSearchParams(body));
    const key = request.headers['idempotency-key'];
    const recorded: FakeStripeRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      form,
      query: Object.fromEntries(url.searchParams),
      idempotencyKey: typeof key === 'string' ? key : null,
    };
    requests.push(recorded);
    if (state.outage) {
      return send(response, 500, { error: { type: 'api_error', message: 'Stripe is down (fake)' } });
    }
    route(recorded, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    state,
    session: (sessionId: string) => sessions.get(sessionId),
    subscription: (subscriptionId: string) => subscriptions.get(subscriptionId),
    refunds,
    /**
     * The buyer paid on Stripe's page with a card (its fingerprint): the session completes, its
     * subscription starts and its first invoice is paid by a PaymentIntent.
     */
    pay(sessionId: string, card: { fingerprint?: string; amount?: number } = {}): FakeSession {
      const session = sessions.get(sessionId);
      const pending = subscriptions.get(`pending:${sessionId}`);
      if (!session || !pending) throw new Error(`no checkout session ${sessionId}`);
      const subscription = { ...pending, id: id('sub') };
      subscriptions.set(subscription.id, subscription);
      const invoice = id('in');
      const amount = card.amount ?? 2400;
      payments.set(invoice, {
        invoice,
        paymentIntent: id('pi'),
        paymentMethod: id('pm'),
        fingerprint: card.fingerprint ?? 'fp_fake_4242',
        amount,
        refunded: false,
      });
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        subscription: subscription.id,
        invoice,
        amount_total: amount,
      });
      return session;
    },
    /** The payment of a paid session, with whether it was refunded. */
    paymentOf(sessionId: string): FakePayment | undefined {
      const invoice = sessions.get(sessionId)?.invoice;
      return invoice ? payments.get(invoice) : undefined;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
