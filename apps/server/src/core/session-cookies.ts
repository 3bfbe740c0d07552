import type { FastifyReply, FastifyRequest } from 'fastify';

export const REFRESH_COOKIE = 'pluvio_refresh';
/** While a superuser acts as someone else, their own refresh token waits here (D11). */
export const ORIGIN_REFRESH_COOKIE = 'pluvio_refresh_origin';

export interface CookieSettings {
  secure: boolean;
  maxAgeSeconds: number;
}

export function setRefreshCookie(
  reply: FastifyReply,
  name: string,
  token: string,
  settings: CookieSettings,
): void {
  reply.setCookie(name, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: settings.secure,
    path: '/',
    maxAge: settings.maxAgeSeconds,
  });
}

export function clearRefreshCookie(reply: FastifyReply, name: string): void {
  reply.clearCookie(name, { path: '/' });
}

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  return request.cookies[name] || undefined;
}

/** A superuser's own session is parked for them to return to (D11). */
export function hasParkedSession(request: FastifyRequest): boolean {
  return Boolean(readCookie(request, ORIGIN_REFRESH_COOKIE));
}
