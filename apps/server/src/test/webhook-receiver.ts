import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedEvent {
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Whether the `Pluvio-Signature` header signs the body with the secret the receiver was given. */
  verified: boolean;
  event: { id: string; type: string; client_id: number; created_at: string; data: Record<string, unknown> };
}

/** Checks a `Pluvio-Signature: t=…,v1=…` header as a receiver would (the README's snippet). */
export function verifySignature(header: string | undefined, body: string, secret: string): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((part) => part.split('=', 2)));
  if (!parts.t || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return expected.length === parts.v1.length && timingSafeEqual(Buffer.from(expected), Buffer.from(parts.v1));
}

/**
 * A webhook endpoint on 127.0.0.1 for tests: records each request, checks its signature with
 * `secret` (set once the endpoint is created), and answers the status codes of `answers` in turn
 * (200 when none is left); `hang` makes it never answer.
 */
export async function startWebhookReceiver() {
  const received: ReceivedEvent[] = [];
  const answers: number[] = [];
  const state = { secret: '', hang: false };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const signature = request.headers['pluvio-signature'];
      received.push({
        headers: request.headers,
        body,
        verified: verifySignature(typeof signature === 'string' ? signature : undefined, body, state.secret),
        event: JSON.parse(body),
      });
      if (state.hang) return;
      response.writeHead(answers.shift() ?? 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answers,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
