import type { Config } from '../../config';
import { PermanentDeliveryError } from './delivery-error';

export interface SmsMessage {
  /** E.164 number. */
  to: string;
  body: string;
  /** Stable per outbox row: a resend after a crash is recognised by the provider, not sent again. */
  idempotencyKey: string;
}

/**
 * Sends one text message. Throws PermanentDeliveryError when the provider refuses the message
 * itself (no retry can help), any other error when a retry may succeed.
 */
export interface SmsTransport {
  readonly kind: 'twilio';
  send(message: SmsMessage): Promise<{ providerMessageId: string }>;
}

export interface TwilioSettings {
  apiUrl: string;
  accountSid: string;
  authToken: string;
  /** Sender number; ignored when a messaging service is given. */
  from?: string;
  messagingServiceSid?: string;
  statusCallbackUrl: string;
  timeoutMs?: number;
}

export const SMS_STATUS_PATH = '/api/notifications/sms-status';
const DEFAULT_TIMEOUT_MS = 15_000;

/** Where the provider reports delivery, and the URL its signatures cover. */
export function smsStatusUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${SMS_STATUS_PATH}`;
}

/** 'Twilio 21211: <message>', the reason a message failed for, as the outbox keeps it. */
export function twilioReason(code: string | number | undefined, message: string): string {
  return code === undefined || code === '' ? `Twilio: ${message}` : `Twilio ${code}: ${message}`;
}

interface TwilioErrorAnswer {
  code?: number;
  message?: string;
}

/** Invalid or unsubscribed numbers and the like (400), or an unknown resource (404). */
function isRefusalOfTheMessage(status: number): boolean {
  return status === 400 || status === 404;
}

function errorFromAnswer(status: number, answer: TwilioErrorAnswer | null): Error {
  const reason = answer?.message
    ? twilioReason(answer.code, answer.message)
    : `Twilio answered HTTP ${status}`;
  return isRefusalOfTheMessage(status) ? new PermanentDeliveryError(reason) : new Error(reason);
}

/** A connection refused or a timeout: worth another try, with a reason a person can read. */
function unreachable(error: unknown, timeoutMs: number): Error {
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return new Error(`Twilio did not answer within ${timeoutMs / 1000} s`);
  }
  const cause = (error as { cause?: { message?: string } }).cause;
  const detail = cause?.message ?? (error instanceof Error ? error.message : String(error));
  return new Error(`Twilio unreachable: ${detail}`);
}

function messageForm(settings: TwilioSettings, message: SmsMessage): URLSearchParams {
  const form = new URLSearchParams({ To: message.to, Body: message.body });
  if (settings.messagingServiceSid) form.set('MessagingServiceSid', settings.messagingServiceSid);
  else if (settings.from) form.set('From', settings.from);
  form.set('StatusCallback', settings.statusCallbackUrl);
  return form;
}

/** The Twilio Messages API (or a compatible service at another `apiUrl`). */
export function createTwilioTransport(settings: TwilioSettings): SmsTransport {
  const endpoint = `${settings.apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function post(message: SmsMessage): Promise<Response> {
    try {
      return await fetch(endpoint, {
        method: 'POST',
        headers: {
          authorization,
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
          'I-Twilio-Idempotency-Token': message.idempotencyKey,
        },
        body: messageForm(settings, message),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw unreachable(error, timeoutMs);
    }
  }

  return {
    kind: 'twilio',
    async send(message) {
      const response = await post(message);
      const answer = (await response.json().catch(() => null)) as
        | (TwilioErrorAnswer & { sid?: string })
        | null;
      if (!response.ok) throw errorFromAnswer(response.status, answer);
      // Accepted but unreadable: a retry carries the same idempotency token, so it cannot double.
      if (!answer?.sid) throw new Error(`Twilio answered HTTP ${response.status} without a message sid`);
      return { providerMessageId: answer.sid };
    },
  };
}

/** The transport TWILIO_* settings describe, or null (texts are kept in the outbox) without them. */
export function twilioTransportFromConfig(config: Config): SmsTransport | null {
  if (!config.TWILIO_ACCOUNT_SID || !config.TWILIO_AUTH_TOKEN) return null;
  return createTwilioTransport({
    apiUrl: config.TWILIO_API_URL,
    accountSid: config.TWILIO_ACCOUNT_SID,
    authToken: config.TWILIO_AUTH_TOKEN,
    from: config.TWILIO_FROM,
    messagingServiceSid: config.TWILIO_MESSAGING_SERVICE_SID,
    statusCallbackUrl: smsStatusUrl(config.PUBLIC_URL),
  });
}
