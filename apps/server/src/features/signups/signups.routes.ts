import { signupRequestSchema, signupResultSchema, signupSessionSchema } from '@pluvio/shared/signup';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readCookie, type SessionCookies } from '../../core/session-cookies';
import type { Services } from '../../services';
import { type Provisioned, SIGNUP_BROWSER_SECONDS } from './signups.service';

const tags = ['signups'];
/** The browser that started a paid sign-up; it comes back from the provider's page (a cross-site navigation). */
export const SIGNUP_COOKIE = 'pluvio_signup';
const SIGNUP_COOKIE_PATH = '/api/signups';

/**
 * The registration wizard (spec part 2 §4 "Wizard"): POST /api/signups, then for a paid sign-up
 * /complete after the checkout or /cancel when the buyer went back.
 */
export function signupsRoutes(services: Services, cookies: SessionCookies): FastifyPluginAsyncZod {
  const { signups } = services;
  const { auth: rateLimit } = services.requestLimits;

  function answerProvisioned(reply: FastifyReply, provisioned: Provisioned) {
    if (provisioned.tokens) cookies.start(reply, provisioned.tokens.refreshToken);
    return {
      status: 'provisioned' as const,
      access_token: provisioned.tokens?.accessToken ?? null,
      notice: provisioned.notice,
    };
  }

  const browserSecretOf = (request: FastifyRequest) => readCookie(request, SIGNUP_COOKIE);

  return async (app) => {
    app.post(
      '/api/signups',
      {
        config: { rateLimit },
        schema: { tags, body: signupRequestSchema, response: { 200: signupResultSchema } },
      },
      async (request, reply) => {
        if (request.body.account_type === 'trial') {
          return answerProvisioned(reply, await signups.signUpTrial(request.body, request.ip));
        }
        const { checkoutUrl, browserSecret } = await signups.startPaidSignup(
          request.body,
          browserSecretOf(request),
        );
        reply.setCookie(SIGNUP_COOKIE, browserSecret, {
          httpOnly: true,
          sameSite: 'lax',
          secure: cookies.secure,
          path: SIGNUP_COOKIE_PATH,
          maxAge: SIGNUP_BROWSER_SECONDS,
        });
        return { status: 'checkout' as const, checkout_url: checkoutUrl };
      },
    );

    app.post(
      '/api/signups/complete',
      {
        config: { rateLimit },
        schema: { tags, body: signupSessionSchema, response: { 200: signupResultSchema } },
      },
      async (request, reply) =>
        answerProvisioned(reply, await signups.complete(request.body.session_id, browserSecretOf(request))),
    );

    app.post(
      '/api/signups/cancel',
      { config: { rateLimit }, schema: { tags, body: signupSessionSchema } },
      async (request, reply) => {
        await signups.cancel(request.body.session_id);
        return reply.code(204).send();
      },
    );
  };
}
