import type { FastifyReply, FastifyRequest } from 'fastify';
import { encode, type ZodType } from 'zod';
import type { ReadCache, ReadCacheBounds } from '../db/read-cache';
import { noteReads } from '../db/table-reads';
import { unauthorized } from '../lib/errors';
import { callerHolds, etagOf } from '../lib/etag';
import { JsonText } from '../lib/json-text';

interface Answer {
  body: string;
  etag: string;
}

/** What a kept answer weighs: its serialised body, in bytes. */
function answerBytes(answer: unknown): number {
  return Buffer.byteLength((answer as Answer).body);
}

/** How many answers' keys are remembered: an answer is kept from its second asking among them. */
const DOORKEEPER_KEYS = 50_000;

/**
 * The bounds of the kept answers: `megabytes` of keys and bodies, each answer kept from its
 * second asking (a new set of ids, asked for once, is answered and not kept).
 */
export function answerCacheBounds(megabytes: number): ReadCacheBounds {
  return {
    maxEntries: Number.POSITIVE_INFINITY,
    maxBytes: megabytes * 1024 * 1024,
    sizeOf: answerBytes,
    doorkeeperKeys: DOORKEEPER_KEYS,
  };
}

/**
 * The route's 200 answer encoded by its response schema, as Fastify's serializer would; a
 * `JsonText` was encoded part by part by its producer.
 */
function serialise(request: FastifyRequest, value: unknown): Answer {
  if (value instanceof JsonText) return { body: value.text, etag: etagOf(value.text) };
  const schema = (request.routeOptions.schema?.response as Record<number, ZodType> | undefined)?.[200];
  if (!schema) throw new Error(`${request.routeOptions.url} has no 200 response schema`);
  const body = JSON.stringify(encode(schema, value));
  return { body, etag: etagOf(body) };
}

/**
 * Answers of read routes kept serialised per session until a table they came from is written
 * (`db/read-cache.ts`; the caller's access, read by the guards, counts): the route's queries, its zod encoding and JSON run once per change, not
 * per request. Each answer carries an `ETag`; a request naming it in `If-None-Match` gets 304.
 * The key holds the session (so the caller's access and masquerade), the product date, the
 * method, the URL with its query and the body.
 */
export function createCachedAnswers(cache: ReadCache, today: () => string) {
  return {
    /**
     * Sends `produce()`'s answer, or the kept one, kept until a table that `produce` or the
     * route's guards read is written; `vary` is what else the answer depends on (a cookie),
     * `cacheControl` what browsers may keep (the API's default is `no-store`).
     */
    async send(
      request: FastifyRequest,
      reply: FastifyReply,
      produce: () => Promise<unknown>,
      { vary = '', cacheControl }: { vary?: string; cacheControl?: string } = {},
    ): Promise<FastifyReply> {
      if (!request.auth) throw unauthorized();
      const body = request.method === 'GET' ? '' : JSON.stringify(request.body);
      const key = `answer:${request.auth.sessionId}:${today()}:${vary}:${request.method} ${request.url} ${body}`;
      const answer = await cache.read(key, async () => {
        noteReads(request.guardReads ?? []);
        return serialise(request, await produce());
      });
      if (callerHolds(request, reply, answer.etag, cacheControl)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(answer.body);
    },
  };
}

export type CachedAnswers = ReturnType<typeof createCachedAnswers>;
