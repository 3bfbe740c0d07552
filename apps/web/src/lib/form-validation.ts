import type { z } from 'zod';
import { ApiError } from './api-client';

/**
 * A Mantine form `validate` function from a shared zod schema: each field gets the first
 * message the schema gives for it (the specification's text).
 */
export function validateWith<Values>(schema: z.ZodType) {
  return (values: Values): Record<string, string> => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return {};
    return firstMessages(parsed.error.issues.map((issue) => [String(issue.path[0] ?? ''), issue.message]));
  };
}

/** Each key with the first message given for it. */
function firstMessages(pairs: [string, string][]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, message] of pairs) {
    if (key && !errors[key]) errors[key] = message;
  }
  return errors;
}

/**
 * As `validateWith`, for a form with lists: each message under its whole path
 * ('corrective_actions.0.description'), as Mantine names a list item's field.
 */
export function pathErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return {};
  return firstMessages(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

/** As `fieldErrors`, each message under its whole path after 'body' ('corrective_actions.0.description'). */
export function fieldPathErrors(error: unknown): Record<string, string> {
  return firstMessages(
    refusedFields(error).map(({ loc, msg }) => [(loc[0] === 'body' ? loc.slice(1) : loc).join('.'), msg]),
  );
}

/** The 422's `detail` items that name a field and say what is wrong with it. */
function refusedFields(error: unknown): { loc: (string | number)[]; msg: string }[] {
  const detail = error instanceof ApiError ? (error.body as { detail?: unknown } | null)?.detail : null;
  if (!Array.isArray(detail)) return [];
  return (detail as { loc?: unknown; msg?: unknown }[]).flatMap((item) =>
    Array.isArray(item.loc) && typeof item.msg === 'string' ? [{ loc: item.loc, msg: item.msg }] : [],
  );
}

/**
 * The fields a refused save names (a 422's `detail` list, `loc` ending in the field), each with
 * its message, so the form marks them as it marks its own checks; empty for any other failure.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  return firstMessages(
    refusedFields(error).flatMap(({ loc, msg }): [string, string][] => {
      const field = loc.at(-1);
      return typeof field === 'string' ? [[field, msg]] : [];
    }),
  );
}
