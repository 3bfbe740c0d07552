import { createHmac, timingSafeEqual } from 'node:crypto';

export type TwilioParams = Record<string, string | string[]>;

/**
 * Twilio's X-Twilio-Signature: HMAC-SHA1, keyed by the auth token, over the full URL it called
 * followed by every POST parameter sorted by name, name and value concatenated (a repeated
 * parameter's distinct values sorted, as Twilio's own libraries do); base64.
 */
export function twilioSignature(authToken: string, url: string, params: TwilioParams): string {
  const signed = Object.keys(params)
    .sort()
    .map((name) => {
      const values = params[name] ?? [];
      return (Array.isArray(values) ? [...new Set(values)].sort() : [values])
        .map((value) => name + value)
        .join('');
    })
    .join('');
  return createHmac('sha1', authToken)
    .update(url + signed)
    .digest('base64');
}

export function isValidTwilioSignature(
  authToken: string,
  url: string,
  params: TwilioParams,
  signature: string,
): boolean {
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
