import { z } from 'zod';
import { isEmailAddress, isRegistrationPhone } from './phone';

/**
 * The building blocks every request schema is made of (DESIGN.md "API conventions"): ids, text,
 * e-mail addresses, phones and calendar dates, each with the bounds the database and the
 * product can serve, so nothing a request carries reaches a query unchecked.
 */

/** Ids are PostgreSQL `integer` columns. */
export const MAX_ID = 2_147_483_647;

/** Lengths of the kinds of text the API takes. */
export const TEXT_LIMITS = {
  /** Names of people, accounts, locations; search words; filters. */
  name: 200,
  /** RFC 5321 allows 254 characters in an address. */
  email: 254,
  phone: 40,
  /** Passwords are hashed whole; a generous bound keeps hashing cheap. */
  password: 256,
  /** Sign-in, reset and verification tokens. */
  token: 2048,
} as const;

export const INPUT_MESSAGES = {
  id: `Ids are whole numbers from 1 to ${MAX_ID}, written in digits`,
  controlCharacters: 'Text must not contain control characters',
  tooLong: (max: number) => `Use at most ${max} characters`,
  email: 'Please enter a valid email address.',
  registrationPhone: 'Please enter a valid phone number.',
  status: (statuses: readonly string[]) => `Status must be one of: ${statuses.join(', ')}`,
  count: (min: number, max: number) => `Use a whole number from ${min} to ${max}, written in digits`,
} as const;

/** An id in a path or a query string: plain decimal digits, no sign, spaces or hex. */
export const idParamSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, INPUT_MESSAGES.id)
  .transform(Number)
  .pipe(z.number().max(MAX_ID, INPUT_MESSAGES.id));

/** A count in a query string (page, page size, days, hours): plain digits from `min` to `max`. */
export function countParamSchema(min: number, max: number) {
  const message = INPUT_MESSAGES.count(min, max);
  return z
    .string()
    .regex(/^[0-9]{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));
}

/** An id in a JSON body: `idValueSchema`'s rule, for a check over a whole list (`idListSchema`). */
export const isIdValue = (value: number) => Number.isInteger(value) && value >= 1 && value <= MAX_ID;
/** The same rule as OpenAPI states it, for a schema that checks it with `isIdValue`. */
export const ID_VALUE_BOUNDS = { type: 'integer', minimum: 1, maximum: MAX_ID } as const;

/** An id in a JSON body. */
export const idValueSchema = z
  .number({ error: INPUT_MESSAGES.id })
  .int(INPUT_MESSAGES.id)
  .min(1, INPUT_MESSAGES.id)
  .max(MAX_ID, INPUT_MESSAGES.id);

// C0 controls (NUL, tab, line breaks...) and DEL: none belongs in a one-line field, and NUL cannot be stored.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/** One line as written, not trimmed: at most `max` characters, without control characters. */
export function lineSchema(max: number = TEXT_LIMITS.name, error?: string) {
  return z
    .string(error ? { error } : undefined)
    .max(max, INPUT_MESSAGES.tooLong(max))
    .refine((value) => !hasControlCharacters(value), INPUT_MESSAGES.controlCharacters);
}

// Control characters other than tab and line breaks.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTERS_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Text of several lines (notes, findings), trimmed, at most `max` characters; tabs and line breaks allowed. */
export function paragraphsSchema(max: number) {
  return z
    .string()
    .max(max, INPUT_MESSAGES.tooLong(max))
    .refine((value) => !CONTROL_CHARACTERS_BUT_LINE_BREAKS.test(value), INPUT_MESSAGES.controlCharacters)
    .trim();
}

/** One line of text, trimmed, at most `max` characters, without control characters. */
export function textSchema(max: number = TEXT_LIMITS.name, error?: string) {
  return lineSchema(max, error).trim();
}

/** Text that must not be empty once trimmed; `message` when missing or empty. */
export function requiredTextSchema(message: string, max: number = TEXT_LIMITS.name) {
  return textSchema(max, message).min(1, message);
}

/** A secret typed by a person or carried by a link: kept as written, never empty. */
export function secretSchema(max: number) {
  return lineSchema(max).min(1);
}

/** An optional field sent empty (or only spaces) by a form means "none": read it as null. */
export function blankToNull(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? null : value;
}

/** An e-mail address, trimmed and lower-cased, that looks like x@y.z. */
export function emailAddressSchema(message: string = INPUT_MESSAGES.email) {
  return textSchema(TEXT_LIMITS.email, message).toLowerCase().refine(isEmailAddress, message);
}

/** The phone rule of the registration wizard and the profile: 10 or 11 digits with common punctuation. */
export const registrationPhoneSchema = (required: string) =>
  requiredTextSchema(required, TEXT_LIMITS.phone).refine(
    isRegistrationPhone,
    INPUT_MESSAGES.registrationPhone,
  );

/** The `status` of a location or a contact (spec part 2 §3: "status (active)"). */
export const RECORD_STATUSES = ['active', 'inactive'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];
export const recordStatusSchema = z.enum(RECORD_STATUSES, { error: INPUT_MESSAGES.status(RECORD_STATUSES) });
