import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services';
import { requireTwilioSignature, twilioField, twilioFormSchema } from './twilio-webhook';

/** Where Twilio posts the texts people send to Pluvio's number ("A message comes in"). */
export const SMS_INBOUND_PATH = '/api/notifications/sms-inbound';

/** The URL to set in Twilio, which its signatures cover. */
export function smsInboundUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${SMS_INBOUND_PATH}`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** TwiML that texts `reply` back to the sender, or says nothing. */
export function twimlReply(reply: string | null): string {
  const message = reply === null ? '' : `<Message>${escapeXml(reply)}</Message>`;
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${message}</Response>`;
}

/** Twilio's inbound message webhook: STOP, START and HELP from the phones Pluvio texts. */
export function smsConsentRoutes(services: Services): FastifyPluginAsyncZod {
  const { config, smsConsent } = services;
  const signedUrl = smsInboundUrl(config.PUBLIC_URL);
  return async (app) => {
    app.post(
      SMS_INBOUND_PATH,
      { schema: { tags: ['notifications'], body: twilioFormSchema } },
      async (request, reply) => {
        requireTwilioSignature(config, signedUrl, request);
        const from = twilioField(request.body, 'From');
        const body = twilioField(request.body, 'Body') ?? '';
        const answer = from ? await smsConsent.receive({ from, body }) : null;
        return reply.code(200).type('text/xml').send(twimlReply(answer));
      },
    );
  };
}
