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
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field && !errors[field]) errors[field] = issue.message;
    }
    return errors;
  };
}

/**
 * The fields a refused save names (a 422's `detail` list, `loc` ending in the field), each with
 * its message, so the form marks them as it marks its own checks; empty for any other failure.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  const detail = error instanceof ApiError ? (error.body as { detail?: unknown } | null)?.detail : null;
  if (!Array.isArray(detail)) return {};
  const errors: Record<string, string> = {};
  for (const item of detail as { loc?: unknown[]; msg?: unknown }[]) {
    const field = item.loc?.at(-1);
    if (typeof field === 'string' && typeof item.msg === 'string' && !errors[field]) errors[field] = item.msg;
  }
  return errors;
}
