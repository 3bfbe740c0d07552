import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';

export interface FakeTwilioMessage {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  statusCallback: string | null;
  idempotencyToken: string | null;
}

export interface FakeTwilioOptions {
  accountSid?: string;
  authToken?: string;
  /** Runs as each request to create a message arrives, before it is answered: a test spends Twilio's time there. */
  onMessage?: () => Promise<void> | void;
}

const E164 = /^\+[1-9]\d{7,14}$/;

function twilioError(response: ServerResponse, status: number, code: number, message: string): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }),
  );
}

/**
 * Written here from Twilio's documentation, apart from the server's own code, so a test signs
 * callbacks the way Twilio does rather than the way the server believes it does.
 */
function signTwilioRequest(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((signed, name) => signed + name + params[name], url);
  return createHmac('sha1', authToken).update(data).digest('base64');
}

/**
 * A local HTTP server that speaks the Twilio Messages API: basic auth, form bodies, Twilio's
 * error answers, the I-Twilio-Idempotency-Token header; it can be told to answer 503 (an outage)
 * or to stop listening (down), and sends signed status callbacks and inbound texts like Twilio does.
 */
export async function startFakeTwilio(options: FakeTwilioOptions = {}) {
  const accountSid = options.accountSid ?? 'AC00000000000000000000000000000001';
  const authToken = options.authToken ?? 'fake-twilio-auth-token';
  const messages: FakeTwilioMessage[] = [];
  const byIdempotencyToken = new Map<string, FakeTwilioMessage>();
  const unsubscribed = new Set<string>();
  const invalidNumbers = new Set<string>();
  const state = { outage: false, stalled: false, requests: 0 };
  let inboundCount = 0;
  const messagesPath = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
  const expectedAuthorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;

  function created(response: ServerResponse, message: FakeTwilioMessage): void {
    response.writeHead(201, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        sid: message.sid,
        account_sid: accountSid,
        to: message.to,
        from: message.from,
        messaging_service_sid: message.messagingServiceSid,
        body: message.body,
        status: message.messagingServiceSid ? 'accepted' : 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        error_code: null,
        error_message: null,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`,
      }),
    );
  }

  async function createMessage(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.headers.authorization !== expectedAuthorization) {
      return twilioError(response, 401, 20003, 'Authenticate');
    }
    const form = new URLSearchParams(await text(request));
    await options.onMessage?.();
    const token = request.headers['i-twilio-idempotency-token'];
    const idempotencyToken = typeof token === 'string' ? token : null;
    const earlier = idempotencyToken ? byIdempotencyToken.get(idempotencyToken) : undefined;
    if (earlier) return created(response, earlier);

    const to = form.get('To') ?? '';
    const from = form.get('From');
    const messagingServiceSid = form.get('MessagingServiceSid');
    const body = form.get('Body') ?? '';
    if (!E164.test(to) || invalidNumbers.has(to)) {
      return twilioError(response, 400, 21211, `Invalid 'To' Phone Number: ${to}`);
    }
    if (!from && !messagingServiceSid) {
      return twilioError(response, 400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required");
    }
    if (!body) return twilioError(response, 400, 21602, 'Message body is required.');
    if (unsubscribed.has(to)) {
      return twilioError(response, 400, 21610, 'Attempt to send to unsubscribed recipient');
    }
    const message: FakeTwilioMessage = {
      sid: `SM${String(messages.length + 1).padStart(32, '0')}`,
      to,
      from,
      messagingServiceSid,
      body,
      statusCallback: form.get('StatusCallback'),
      idempotencyToken,
    };
    messages.push(message);
    if (idempotencyToken) byIdempotencyToken.set(idempotencyToken, message);
    created(response, message);
  }

  const server = createServer((request, response) => {
    state.requests += 1;
    if (state.stalled) return;
    if (state.outage) return twilioError(response, 503, 20503, 'Service Unavailable');
    if (request.method !== 'POST' || request.url !== messagesPath) {
      return twilioError(response, 404, 20404, 'The requested resource was not found');
    }
    createMessage(request, response).catch((error) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });

  /** Posts a form to a webhook as Twilio does: signed over `webhookUrl`, sent to `deliverTo` instead when given. */
  function postSigned(
    webhookUrl: string,
    params: Record<string, string>,
    extra: { deliverTo?: string; signWith?: string },
  ): Promise<Response> {
    const target = new URL(webhookUrl);
    const destination = extra.deliverTo ? new URL(target.pathname + target.search, extra.deliverTo) : target;
    return fetch(destination, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': signTwilioRequest(extra.signWith ?? authToken, webhookUrl, params),
      },
      body: new URLSearchParams(params),
    });
  }

  await listen(0);
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    accountSid,
    authToken,
    messages,
    state,
    /** TWILIO_* settings for createTestApp's env. */
    env: (extra: Record<string, string> = {}) => ({
      TWILIO_API_URL: url,
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_FROM: '+15125550000',
      ...extra,
    }),
    /** The number answers 21610, as after the recipient texted STOP. */
    unsubscribe: (number: string) => unsubscribed.add(number),
    /** The number answers 21211, as one that is well formed but no real phone's. */
    rejectAsInvalid: (number: string) => invalidNumbers.add(number),
    /** Requests get no answer at all until `stall(false)`. */
    stall: (on: boolean) => {
      state.stalled = on;
    },
    /** Every request answers 503 until `outage(false)`. */
    outage: (on: boolean) => {
      state.outage = on;
    },
    /** Stops listening: the port is closed and connections are refused. */
    down: stop,
    /** Listens again on the same port (nothing to do when it is listening). */
    up: async () => {
      if (!server.listening) await listen(port);
    },
    close: async () => {
      if (server.listening) await stop();
    },
    signature: (url: string, params: Record<string, string>, token = authToken) =>
      signTwilioRequest(token, url, params),
    /**
     * Posts a text a phone sent to `to` as Twilio's inbound message webhook does: to `webhookUrl`
     * (the URL set in Twilio; sent to `deliverTo` instead when given), signed over that URL.
     * Answers the status and the TwiML.
     */
    async sendInbound(
      webhookUrl: string,
      message: { from: string; to?: string; body: string },
      extra: { deliverTo?: string; signWith?: string } = {},
    ): Promise<{ status: number; contentType: string | null; twiml: string }> {
      inboundCount += 1;
      const sid = `SM${String(inboundCount).padStart(32, 'f')}`;
      const params: Record<string, string> = {
        ToCountry: 'US',
        SmsMessageSid: sid,
        NumMedia: '0',
        SmsSid: sid,
        SmsStatus: 'received',
        Body: message.body,
        To: message.to ?? '+15125550000',
        NumSegments: '1',
        MessageSid: sid,
        AccountSid: accountSid,
        From: message.from,
        ApiVersion: '2010-04-01',
      };
      const response = await postSigned(webhookUrl, params, extra);
      return {
        status: response.status,
        contentType: response.headers.get('content-type'),
        twiml: await response.text(),
      };
    },
    /**
     * Posts a status callback for a message as Twilio does: to its StatusCallback URL (sent to
     * `deliverTo` instead when given, e.g. where the test app listens), signed over that URL.
     */
    async sendStatusCallback(
      sid: string,
      status: string,
      extra: { errorCode?: string; errorMessage?: string; deliverTo?: string; signWith?: string } = {},
    ): Promise<number> {
      const message = messages.find((candidate) => candidate.sid === sid);
      if (!message?.statusCallback) throw new Error(`no message ${sid} with a StatusCallback`);
      const params: Record<string, string> = {
        AccountSid: accountSid,
        ApiVersion: '2010-04-01',
        MessageSid: sid,
        SmsSid: sid,
        MessageStatus: status,
        SmsStatus: status,
        To: message.to,
        ...(message.from ? { From: message.from } : {}),
        ...(message.messagingServiceSid ? { MessagingServiceSid: message.messagingServiceSid } : {}),
        ...(extra.errorCode ? { ErrorCode: extra.errorCode } : {}),
        ...(extra.errorMessage ? { ErrorMessage: extra.errorMessage } : {}),
      };
      const response = await postSigned(message.statusCallback, params, extra);
      await response.arrayBuffer();
      return response.status;
    },
  };
}

export type FakeTwilio = Awaited<ReturnType<typeof startFakeTwilio>>;
