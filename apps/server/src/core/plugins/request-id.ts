import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

const REQUEST_ID_HEADER = 'x-request-id';
/** It goes into every log line of the request and back to the caller: short, and nothing to escape. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Fastify's genReqId: the X-Request-Id a trusted proxy sent, when it is a short safe token, so
 * the proxy's logs and ours name a request alike; otherwise a random UUID.
 */
export function requestIdGenerator(trustProxy: boolean) {
  return (raw: IncomingMessage): string => {
    const incoming = raw.headers[REQUEST_ID_HEADER];
    return trustProxy && typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming)
      ? incoming
      : randomUUID();
  };
}

/** Every answer names its request, so a user's report or a proxy's log leads to our log lines. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
