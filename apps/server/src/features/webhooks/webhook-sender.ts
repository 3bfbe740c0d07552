import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_SIGNATURE_HEADER } from '@pluvio/shared/webhooks';
import { publicLookup, sendProblem } from './webhook-address';

export const WEBHOOK_USER_AGENT = 'Pluvio-Webhooks/1';

/** Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the secret>`. */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

export interface SendOptions {
  production: boolean;
  timeoutMs: number;
}

/** What one attempt got: the endpoint's status code, or no answer and why. */
export type Attempt = { code: number } | { code: null; error: string };

/** Answers whose code a delivery counts as received. */
export const isSuccess = (attempt: Attempt) =>
  attempt.code !== null && attempt.code >= 200 && attempt.code < 300;

const TIMED_OUT = 'No answer within the time limit';

function describe(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) return TIMED_OUT;
  return error instanceof Error ? error.message : String(error);
}

/**
 * POSTs a signed body once: no redirect is followed (a 3xx is an answer like any other), the whole
 * exchange is cut at `timeoutMs`, and in production the connection goes only to the public address
 * the host was checked to have.
 */
export function postSigned(
  target: string,
  body: string,
  signature: string,
  options: SendOptions,
): Promise<Attempt> {
  const url = new URL(target);
  const refused = sendProblem(url, options.production);
  if (refused) return Promise.resolve({ code: null, error: refused });
  const client = url.protocol === 'https:' ? https : http;
  const signal = AbortSignal.timeout(options.timeoutMs);
  return new Promise((resolve) => {
    const request = client.request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': WEBHOOK_USER_AGENT,
        [WEBHOOK_SIGNATURE_HEADER]: signature,
      },
      signal,
      ...(options.production && { lookup: publicLookup }),
    });
    request.on('response', (response) => {
      response.resume();
      response.on('close', () =>
        resolve(
          response.complete
            ? { code: response.statusCode ?? 0 }
            : {
                code: null,
                error: describe(new Error('The connection closed before the answer ended'), signal),
              },
        ),
      );
    });
    request.on('error', (error) => resolve({ code: null, error: describe(error, signal) }));
    request.end(body);
  });
}
