import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { type Config, servesHttps } from '../../config';

type NonceResponse = ServerResponse & { cspNonce?: string };

const NONCE_BYTES = 16;
/** Random bytes drawn 256 nonces at a time: one call to the system's generator per 256 responses. */
const nonceBytes = { pool: Buffer.alloc(0), used: 0 };

function freshNonce(): string {
  if (nonceBytes.used >= nonceBytes.pool.length) {
    nonceBytes.pool = randomBytes(NONCE_BYTES * 256);
    nonceBytes.used = 0;
  }
  nonceBytes.used += NONCE_BYTES;
  return nonceBytes.pool.toString('base64', nonceBytes.used - NONCE_BYTES, nonceBytes.used);
}

/** The nonce of this response's Content-Security-Policy, for the web page's style tags. */
export function cspNonceOf(raw: ServerResponse): string {
  const response = raw as NonceResponse;
  response.cspNonce ??= freshNonce();
  return response.cspNonce;
}

/** The origin of the map tile server, when one is set (tile URL templates keep {s} subdomains). */
function tileOrigins(config: Config): string[] {
  if (!config.MAP_TILE_URL) return [];
  const origin = config.MAP_TILE_URL.match(/^https:\/\/[^/]+/)?.[0];
  return origin ? [origin.replace('{s}', '*')] : [];
}

/** Where answers are about the caller: the API's paths (the old product's three prefixes) and /metrics. */
const PRIVATE_PREFIXES = ['/api/', '/auth/', '/users/', '/metrics'];

/**
 * Whether an answer may hold user data: any API path, and any request sent with credentials.
 * The refresh cookie is no sign: it rides along with every request of a signed-in browser,
 * assets included, and the routes that read it are all under the API's paths.
 */
function mayHoldUserData(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0] ?? '';
  return (
    request.headers.authorization !== undefined ||
    PRIVATE_PREFIXES.some((prefix) => pathname.startsWith(prefix))
  );
}

/**
 * Strict Content-Security-Policy: scripts only from this origin; style elements only from this
 * origin or carrying this response's nonce (Mantine injects its CSS variables that way); style
 * attributes allowed because the component library positions elements with them. No framing at
 * all, said twice for older browsers. HSTS only when users come over https (over plain http it
 * would be ignored at best). Answers that may hold user data are not stored by browsers or
 * proxies; a route whose answer is public sets its own Cache-Control instead.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  // helmet itself rather than @fastify/helmet, which built this middleware again for every request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        styleSrcElem: ["'self'", (_req, res) => `'nonce-${cspNonceOf(res as ServerResponse)}'`],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tileOrigins(config)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: servesHttps(config) ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: servesHttps(config),
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (mayHoldUserData(request)) reply.header('cache-control', 'no-store');
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
  const origins = config.CORS_ORIGINS.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  if (origins.length > 0) {
    await app.register(cors, { origin: origins, credentials: true });
  }
}
