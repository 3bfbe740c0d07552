import { z } from 'zod';

/** GET /api/config: runtime settings the browser needs (D22 feature settings). No secrets. */
export const publicConfigSchema = z.object({
  features: z.object({
    account_switcher: z.boolean(),
    table_view: z.boolean(),
  }),
  support_email: z.string(),
  time_zone: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
