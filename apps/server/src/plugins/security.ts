import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

type NonceResponse = ServerResponse & { cspNonce?: string };

/** The nonce of this response's Content-Security-Policy, for the web page's style tags. */
export function cspNonceOf(raw: ServerResponse): string {
  const response = raw as NonceResponse;
  response.cspNonce ??= randomBytes(16).toString('base64');
  return response.cspNonce;
}

/** The origin of the map tile server, when one is set (tile URL templates keep {s} subdomains). */
function tileOrigins(config: Config): string[] {
  if (!config.MAP_TILE_URL) return [];
  const origin = config.MAP_TILE_URL.match(/^https:\/\/[^/]+/)?.[0];
  return origin ? [origin.replace('{s}', '*')] : [];
}

/**
 * Strict Content-Security-Policy: scripts only from this origin; style elements only from this
 * origin or carrying this response's nonce (Mantine injects its CSS variables that way); style
 * attributes allowed because the component library positions elements with them.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
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
        upgradeInsecureRequests: config.PUBLIC_URL.startsWith('https:') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const origins = config.CORS_ORIGINS.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  if (origins.length > 0) {
    await app.register(cors, { origin: origins, credentials: true });
  }
}
