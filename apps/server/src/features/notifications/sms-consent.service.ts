import { toE164 } from '@pluvio/shared/phone';
import { type SmsKeywordKind, smsKeywordOf, smsKeywordReply } from '@pluvio/shared/sms-consent';
import type { AppDb } from '../../core/db/client';
import type { Clock } from '../../core/lib/clock';
import type { AuditService } from '../audit';
import { createSmsConsentRepository } from './sms-consent.repository';

export interface SmsConsentOptions {
  clock: Clock;
  audit: Pick<AuditService, 'record'>;
  /** Named in the reply to HELP. */
  supportEmail: string;
}

/** An inbound text as Twilio posts it: the sender (E.164) and what they wrote. */
export interface InboundSms {
  from: string;
  body: string;
}

/**
 * SMS consent (issue 29 point 4): a phone's STOP turns Pluvio's texts to it off, START on again,
 * HELP says how; each change is audited. The outbox checks `isOptedOut` before every text.
 */
export function createSmsConsentService(db: AppDb, options: SmsConsentOptions) {
  const repository = createSmsConsentRepository(db);
  const { clock, audit } = options;

  async function apply(kind: SmsKeywordKind, keyword: string, phone: string): Promise<void> {
    const changed =
      kind === 'stop'
        ? await repository.optOut({ phone, keyword, optedOutAt: clock.now() })
        : kind === 'start' && (await repository.optIn(phone));
    if (!changed) return;
    await audit.record({
      action: kind === 'stop' ? 'sms_opted_out' : 'sms_opted_in',
      actorUserId: null,
      details: { phone, keyword },
    });
  }

  return {
    /** Acts on a keyword; answers the reply to text back, or null for any other text (no reply). */
    async receive(sms: InboundSms): Promise<string | null> {
      const found = smsKeywordOf(sms.body);
      const phone = toE164(sms.from);
      if (!found || !phone) return null;
      await apply(found.kind, found.keyword, phone);
      return smsKeywordReply(found.kind, options.supportEmail);
    },
    isOptedOut: repository.isOptedOut,
    optedOutAmong: repository.optedOutAmong,
  };
}

export type SmsConsentService = ReturnType<typeof createSmsConsentService>;
