import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../core/lib/errors';
import type { Services } from '../../services';
import type { ProviderOutcome } from './outbox.repository';
import { SMS_STATUS_PATH, smsStatusUrl, twilioReason } from './sms-transport';
import { isValidTwilioSignature, type TwilioParams } from './twilio-signature';

/** Any form Twilio posts; the fields read are checked after the signature. */
const twilioFormSchema = z.record(z.string(), z.union([z.string(), z.array(z.string())])).default({});

function field(params: TwilioParams, name: string): string | undefined {
  const value = params[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Twilio's MessageStatus as the outbox keeps it; null for the steps before (queued, sending, sent). */
function twilioOutcome(params: TwilioParams): ProviderOutcome | null {
  const status = field(params, 'MessageStatus');
  if (status === 'delivered') return { status: 'delivered' };
  if (status === 'failed' || status === 'undelivered') {
    return {
      status: 'failed',
      reason: twilioReason(field(params, 'ErrorCode'), field(params, 'ErrorMessage') || status),
    };
  }
  return null;
}

/** Twilio's delivery reports (the StatusCallback of every SMS sent), signed with the auth token. */
export function smsStatusRoutes(services: Services): FastifyPluginAsyncZod {
  const { config, outbox } = services;
  const signedUrl = smsStatusUrl(config.PUBLIC_URL);
  return async (app) => {
    app.post(
      SMS_STATUS_PATH,
      { schema: { tags: ['notifications'], body: twilioFormSchema } },
      async (request, reply) => {
        const signature = request.headers['x-twilio-signature'];
        const authToken = config.TWILIO_AUTH_TOKEN;
        if (
          !authToken ||
          typeof signature !== 'string' ||
          !isValidTwilioSignature(authToken, signedUrl, request.body, signature)
        ) {
          throw forbidden('Invalid Twilio signature');
        }
        const sid = field(request.body, 'MessageSid');
        const outcome = twilioOutcome(request.body);
        if (sid && outcome) await outbox.recordSmsOutcome(sid, outcome);
        return reply.code(200).send();
      },
    );
  };
}
