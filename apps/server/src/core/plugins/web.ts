import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { cspNonceOf } from './security';

const API_PREFIXES = ['/api/', '/auth/', '/users/', '/docs', '/healthz', '/readyz'];
const NONCE_PLACEHOLDER = /__CSP_NONCE__/g;
const ASSET_CACHE = 'public, max-age=31536000, immutable';

/** Answers a request no route took with the web app's page, or null when it is not a page. */
export type PageResponder = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | null;

/**
 * Serves the built web app: hashed assets as files, every other page as index.html with this
 * response's CSP nonce filled in, so the browser router takes over.
 */
export async function registerWebApp(app: FastifyInstance, config: Config): Promise<PageResponder | null> {
  const indexFile = path.join(config.webDist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ webDist: config.webDist }, 'web app not built: run `npm run build -w @pluvio/web`');
    return null;
  }
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
  const assetsDir = path.join(config.webDist, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: config.webDist,
    index: false,
    wildcard: false,
    setHeaders: (reply, filePath) => {
      // Vite names every asset by its content hash: a new build means new names.
      if (filePath.startsWith(assetsDir)) reply.header('cache-control', ASSET_CACHE);
    },
  });
  return (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.extname(pathname) &&
      !API_PREFIXES.some((prefix) => pathname.startsWith(prefix));
    if (!isPage) return null;
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html')
      .send(indexHtml.replace(NONCE_PLACEHOLDER, cspNonceOf(reply.raw)));
  };
}
