import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_SIGNATURE_HEADER } from '@pluvio/shared/webhooks';

/** One request the receiver got: its signature header and its raw body. */
export interface ReceivedHook {
  signature: string;
  body: string;
}

/**
 * A webhook endpoint on this machine: answers 200 to every POST to `/hook` and keeps what came,
 * as a user's own receiver would before checking it.
 */
export async function startWebhookReceiver(): Promise<{
  url: string;
  received: ReceivedHook[];
  server: Server;
}> {
  const received: ReceivedHook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/hook') {
        const signature = request.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()];
        received.push({ signature: String(signature ?? ''), body: Buffer.concat(chunks).toString('utf8') });
      }
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received, server };
}

/** Whether `t=…,v1=…` signs `t.body` with the secret (HMAC-SHA256, hex), as Stripe's verifiers check it. */
export function signatureVerifies({ signature, body }: ReceivedHook, secret: string): boolean {
  const parts = new Map(signature.split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = parts.get('t');
  const given = parts.get('v1');
  if (!timestamp || !given) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
