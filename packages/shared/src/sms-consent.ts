/** SMS consent (issue 29 point 4): the keywords a phone texts back, as Twilio's own opt-out handling reads them. */

export const SMS_KEYWORDS = {
  stop: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'],
  start: ['START', 'YES', 'UNSTOP'],
  help: ['HELP', 'INFO'],
} as const;

export type SmsKeywordKind = keyof typeof SMS_KEYWORDS;

/** What an inbound text asks for, its case and spaces ignored; null for any other text. */
export function smsKeywordOf(body: string): { kind: SmsKeywordKind; keyword: string } | null {
  const keyword = body.replace(/\s+/g, '').toUpperCase();
  for (const kind of Object.keys(SMS_KEYWORDS) as SmsKeywordKind[]) {
    if ((SMS_KEYWORDS[kind] as readonly string[]).includes(keyword)) return { kind, keyword };
  }
  return null;
}

/** The standard replies to each keyword. */
export function smsKeywordReply(kind: SmsKeywordKind, supportEmail: string): string {
  if (kind === 'stop') return 'You have been unsubscribed from Pluvio texts. Reply START to resubscribe.';
  if (kind === 'start') return 'You are resubscribed to Pluvio texts. Reply STOP to unsubscribe.';
  return `Pluvio rainfall alerts: reply STOP to unsubscribe, START to resubscribe. Help: ${supportEmail}`;
}

/** Why a text to a stopped number was not sent, as the delivery log shows it. */
export const SMS_OPTED_OUT_REASON = 'The recipient replied STOP: texts to this number are off';

/** The notice beside a contact's SMS switches once the phone replied STOP; `date` as the page writes days. */
export function smsOptedOutNotice(date: string): string {
  return `Replied STOP on ${date}: texts are off until they reply START`;
}
