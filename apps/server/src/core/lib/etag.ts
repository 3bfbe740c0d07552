import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A strong validator of exactly these bytes. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

/** If-None-Match lists tags, maybe weak (W/"..."), or is "*" (RFC 9110 §13.1.2). */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  return (ifNoneMatch ?? '')
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * Marks the answer with its `etag` and, when given, `cacheControl` (else the route's default);
 * true when the caller already holds these bytes, so the route answers 304 with no body.
 */
export function callerHolds(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  cacheControl?: string,
): boolean {
  reply.header('etag', etag);
  if (cacheControl) reply.header('cache-control', cacheControl);
  return matchesEtag(request.headers['if-none-match'], etag);
}
