import { z } from 'zod';
import { PAYMENT_PROVIDERS } from './billing';

/** GET /api/config: runtime settings the browser needs (D22 feature settings). No secrets. */
export const publicConfigSchema = z.object({
  features: z.object({
    account_switcher: z.boolean(),
    table_view: z.boolean(),
  }),
  support_email: z.string(),
  time_zone: z.string(),
  /** The historical report fee in dollars (HISTORICAL_REPORT_FEE, D20). */
  historical_report_fee: z.number(),
  /** Which checkout the pricing page and the wizard lead to: Stripe, or the built-in test checkout (D20). */
  payment_provider: z.enum(PAYMENT_PROVIDERS),
  /** The dashboard map's tile source (MAP_TILE_URL); null draws state outlines only, with no tile server. */
  map: z.object({ tile_url: z.string().nullable(), tile_attribution: z.string() }),
  /** Whether location screens offer address search (GEOCODER is not `none`). */
  address_search: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
