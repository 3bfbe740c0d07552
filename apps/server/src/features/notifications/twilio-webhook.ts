import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import { forbidden } from '../../core/lib/errors';
import { isValidTwilioSignature, type TwilioParams } from './twilio-signature';

/** Any form Twilio posts; the fields read are checked after the signature. */
export const twilioFormSchema = z.record(z.string(), z.union([z.string(), z.array(z.string())])).default({});

/** One field of Twilio's form (the first value of a repeated one). */
export function twilioField(params: TwilioParams, name: string): string | undefined {
  const value = params[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Refuses (403) a request Twilio did not sign: its X-Twilio-Signature must be the auth token's
 * signature of `signedUrl` (the URL set in Twilio) and the form.
 */
export function requireTwilioSignature(
  config: Pick<Config, 'TWILIO_AUTH_TOKEN'>,
  signedUrl: string,
  request: FastifyRequest<{ Body: TwilioParams }>,
): void {
  const signature = request.headers['x-twilio-signature'];
  const authToken = config.TWILIO_AUTH_TOKEN;
  if (
    !authToken ||
    typeof signature !== 'string' ||
    !isValidTwilioSignature(authToken, signedUrl, request.body, signature)
  ) {
    throw forbidden('Invalid Twilio signature');
  }
}
