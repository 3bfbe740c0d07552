import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services';
import type { ProviderOutcome } from './outbox.repository';
import { SMS_STATUS_PATH, smsStatusUrl, twilioReason } from './sms-transport';
import type { TwilioParams } from './twilio-signature';
import { requireTwilioSignature, twilioField, twilioFormSchema } from './twilio-webhook';

/** Twilio's MessageStatus as the outbox keeps it; null for the steps before (queued, sending, sent). */
function twilioOutcome(params: TwilioParams): ProviderOutcome | null {
  const status = twilioField(params, 'MessageStatus');
  if (status === 'delivered') return { status: 'delivered' };
  if (status === 'failed' || status === 'undelivered') {
    return {
      status: 'failed',
      reason: twilioReason(twilioField(params, 'ErrorCode'), twilioField(params, 'ErrorMessage') || status),
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
        requireTwilioSignature(config, signedUrl, request);
        const sid = twilioField(request.body, 'MessageSid');
        const outcome = twilioOutcome(request.body);
        if (sid && outcome) await outbox.recordSmsOutcome(sid, outcome);
        return reply.code(200).send();
      },
    );
  };
}
