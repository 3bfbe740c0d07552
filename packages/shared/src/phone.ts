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

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailAddress(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}
