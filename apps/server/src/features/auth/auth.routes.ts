import {
  accessTokenSchema,
  forgotPasswordSchema,
  loginFormSchema,
  registerSchema,
  requestVerifySchema,
  resetPasswordSchema,
  tokenSchema,
  verifySchema,
} from '@pluvio/shared/auth.schemas';
import { currentUserSchema } from '@pluvio/shared/users.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionCookies } from '../../core/session-cookies';
import type { Services } from '../../services';

export const registerResponseSchema = currentUserSchema.extend({
  access_token: z.string(),
  token_type: z.literal('bearer'),
});

/** Sign-in, sessions, registration, password reset and e-mail verification (spec part 1 §7, part 2 §7). */
export function authRoutes(services: Services, cookies: SessionCookies): FastifyPluginAsyncZod {
  const { auth, users, guards } = services;
  const { signIn, auth: rateLimit, refresh } = services.requestLimits;
  return async (app) => {
    app.post(
      '/auth/jwt/login',
      {
        config: { rateLimit: signIn },
        schema: {
          tags: ['auth'],
          consumes: ['application/x-www-form-urlencoded'],
          body: loginFormSchema,
          response: { 200: accessTokenSchema },
        },
      },
      async (request, reply) => {
        const tokens = await auth.login(request.body.username, request.body.password, request.ip);
        cookies.start(reply, tokens.refreshToken);
        return { access_token: tokens.accessToken, token_type: 'bearer' as const };
      },
    );

    app.post('/auth/jwt/logout', { schema: { tags: ['auth'] } }, async (request, reply) => {
      await guards.optionalUser(request);
      await auth.logout(request.auth?.sessionId ?? null, [
        cookies.refreshToken(request),
        cookies.parkedRefreshToken(request),
      ]);
      cookies.end(reply);
      return reply.code(204).send();
    });

    app.post(
      '/api/users/refresh-token',
      {
        config: { rateLimit: refresh },
        schema: { tags: ['auth'], response: { 200: tokenSchema } },
      },
      async (request, reply) => {
        const tokens = await auth.refresh(cookies.refreshToken(request));
        cookies.start(reply, tokens.refreshToken);
        return { token: tokens.accessToken };
      },
    );

    app.post(
      '/auth/register',
      {
        config: { rateLimit },
        schema: { tags: ['auth'], body: registerSchema, response: { 201: registerResponseSchema } },
      },
      async (request, reply) => {
        const { user, tokens } = await auth.register(request.body, request.ip);
        cookies.start(reply, tokens.refreshToken);
        const me = await users.currentUser(user, null);
        return reply
          .code(201)
          .send({ ...me, access_token: tokens.accessToken, token_type: 'bearer' as const });
      },
    );

    app.post(
      '/auth/forgot-password',
      { config: { rateLimit }, schema: { tags: ['auth'], body: forgotPasswordSchema } },
      async (request, reply) => {
        await auth.forgotPassword(request.body.email);
        return reply.code(202).send(null);
      },
    );

    app.post(
      '/auth/reset-password',
      { config: { rateLimit }, schema: { tags: ['auth'], body: resetPasswordSchema } },
      async (request) => {
        await auth.resetPassword(request.body.token, request.body.password, request.ip);
        return null;
      },
    );

    app.post(
      '/auth/request-verify-token',
      { config: { rateLimit }, schema: { tags: ['auth'], body: requestVerifySchema } },
      async (request, reply) => {
        await auth.requestVerification(request.body.email);
        return reply.code(202).send(null);
      },
    );

    app.post(
      '/auth/verify',
      {
        config: { rateLimit },
        schema: { tags: ['auth'], body: verifySchema, response: { 200: currentUserSchema } },
      },
      async (request) => {
        const user = await auth.verify(request.body.token);
        return users.currentUser(user, null);
      },
    );
  };
}
