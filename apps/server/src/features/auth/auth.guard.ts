import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../../lib/errors';
import type { AuthContext, AuthService } from './auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.toLowerCase().startsWith('bearer ')) return null;
  return header.slice(7).trim() || null;
}

/** Route guards: who may call. Each sets `request.auth` for the handler. */
export function createGuards(auth: AuthService) {
  async function requireUser(request: FastifyRequest, _reply?: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    const context = token ? await auth.authenticate(token) : null;
    if (!context) throw unauthorized();
    request.auth = context;
  }
  return {
    requireUser,
    async requireSuperuser(request: FastifyRequest): Promise<void> {
      await requireUser(request);
      if (!request.auth?.user.isSuperuser) throw forbidden('Administrators only');
    },
    /** Sets `request.auth` when a valid token is present, without requiring one. */
    async optionalUser(request: FastifyRequest): Promise<void> {
      const token = bearerToken(request);
      request.auth = token ? await auth.authenticate(token) : null;
    },
  };
}

export type Guards = ReturnType<typeof createGuards>;

/** The caller, for handlers behind requireUser. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
