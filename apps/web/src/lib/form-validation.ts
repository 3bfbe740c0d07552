import type { z } from 'zod';

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
