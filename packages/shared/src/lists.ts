import { z } from 'zod';

/** Lists are read in pages of at most 250 rows (spec part 2 §9). */
export const MAX_PAGE_SIZE = 250;

export const clientIdQuerySchema = z.object({
  /** Which of the caller's accounts the call is about; the active one when absent. */
  client_id: z.coerce.number().int().positive().optional(),
});
export type ClientIdQuery = z.infer<typeof clientIdQuerySchema>;

export const listQuerySchema = clientIdQuerySchema.extend({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(MAX_PAGE_SIZE),
});
export type ListQuery = z.infer<typeof listQuerySchema>;
export type Paging = Pick<ListQuery, 'page' | 'page_size'>;

/** The rows a page covers, as SQL's LIMIT and OFFSET. */
export function pageWindow({ page, page_size }: Paging): { limit: number; offset: number } {
  return { limit: page_size, offset: (page - 1) * page_size };
}

export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** Bodies of the assign and remove calls: a list of ids. */
export const idListSchema = z.array(z.number().int().positive()).max(10_000);
export type IdList = z.infer<typeof idListSchema>;
