import { z } from 'zod';

/** Error bodies of the API (DESIGN.md "API conventions", D21). */
export const validationIssueSchema = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

export const errorBodySchema = z.object({
  detail: z.union([z.string(), z.array(validationIssueSchema)]),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The message a screen shows for an error body: the string, or the first item's msg. */
export function errorMessage(body: unknown, fallback: string): string {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return fallback;
  const { detail } = parsed.data;
  if (typeof detail === 'string') return detail;
  return detail[0]?.msg ?? fallback;
}
