import type { FastifyReply, FastifyRequest } from 'fastify';

const REFRESH_COOKIE = 'pluvio_refresh';
/** While a superuser acts as someone else, their own refresh token waits here (D11). */
const ORIGIN_REFRESH_COOKIE = 'pluvio_refresh_origin';

export interface CookieSettings {
  secure: boolean;
  maxAgeSeconds: number;
}

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  return request.cookies[name] || undefined;
}

/** A superuser's own session is parked for them to return to (D11). */
export function hasParkedSession(request: FastifyRequest): boolean {
  return Boolean(readCookie(request, ORIGIN_REFRESH_COOKIE));
}

export type SessionCookies = ReturnType<typeof sessionCookies>;

/**
 * The refresh-token cookies of a browser session: its own, and the superuser's parked one while
 * they act as someone else (D11). Both are HTTP-only, same-site strict, for the whole site.
 */
export function sessionCookies(settings: CookieSettings) {
  const set = (reply: FastifyReply, name: string, token: string) =>
    reply.setCookie(name, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: settings.secure,
      path: '/',
      maxAge: settings.maxAgeSeconds,
    });
  const clear = (reply: FastifyReply, name: string) => reply.clearCookie(name, { path: '/' });
  return {
    secure: settings.secure,
    refreshToken: (request: FastifyRequest) => readCookie(request, REFRESH_COOKIE),
    parkedRefreshToken: (request: FastifyRequest) => readCookie(request, ORIGIN_REFRESH_COOKIE),
    start(reply: FastifyReply, refreshToken: string): void {
      set(reply, REFRESH_COOKIE, refreshToken);
    },
    /** Keeps the caller's own refresh token aside (or forgets a stale one when there is none). */
    park(reply: FastifyReply, refreshToken: string | undefined): void {
      if (refreshToken) set(reply, ORIGIN_REFRESH_COOKIE, refreshToken);
      else clear(reply, ORIGIN_REFRESH_COOKIE);
    },
    unpark(reply: FastifyReply): void {
      clear(reply, ORIGIN_REFRESH_COOKIE);
    },
    end(reply: FastifyReply): void {
      clear(reply, REFRESH_COOKIE);
      clear(reply, ORIGIN_REFRESH_COOKIE);
    },
  };
}
