/** Phone display and validation rules (spec part 1 §3, part 2 §5). */

export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** 10 digits as ddd-ddd-dddd; 11 digits starting with 1 as 1-ddd-ddd-dddd; otherwise raw; N/A when empty. */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return 'N/A';
  const digits = phoneDigits(phone);
  if (digits.length === 10) return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
  if (digits.length === 11 && digits.startsWith('1')) {
    return `1-${digits.slice(1, 4)}-${digits.slice(4, 7)}-${digits.slice(7)}`;
  }
  return phone;
}

/** Registration wizard: digits, dashes, dots, spaces, optional plus and parentheses. */
export function isRegistrationPhone(phone: string): boolean {
  const digits = phoneDigits(phone);
  return /^\+?[\d\s().-]+$/.test(phone) && digits.length >= 10 && digits.length <= 11;
}

/** A North American number without its country code: area code and exchange do not start with 0 or 1. */
const NANP_NATIONAL = /^[2-9]\d{2}[2-9]\d{6}$/;
const E164 = /^\+[1-9]\d{7,14}$/;

/**
 * The number in E.164 form for an SMS provider: US numbers of 10 digits, or 11 starting with 1,
 * written with any punctuation, become '+1XXXXXXXXXX'; a '+' number is kept (punctuation
 * removed). Anything else, letters included, is null.
 */
export function toE164(phone: string | null | undefined): string | null {
  const written = phone?.trim() ?? '';
  if (written === '' || /\p{L}/u.test(written)) return null;
  const digits = phoneDigits(written);
  if (written.startsWith('+')) {
    const international = `+${digits}`;
    if (!E164.test(international)) return null;
    return digits.startsWith('1') && !NANP_NATIONAL.test(digits.slice(1)) ? null : international;
  }
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return NANP_NATIONAL.test(national) ? `+1${national}` : null;
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailAddress(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}
