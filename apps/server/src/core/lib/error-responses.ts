import { errorBodySchema } from '@pluvio/shared/errors';

/** An error answer a route declares in OpenAPI: the `{ detail }` body, with when it is given. */
export function errorResponse(description: string) {
  return errorBodySchema.describe(description);
}
