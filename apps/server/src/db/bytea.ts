import { customType } from 'drizzle-orm/pg-core';

/**
 * A `bytea` column read and written as a Buffer. node-postgres answers Buffers and PGlite
 * Uint8Arrays; both come back as Buffers.
 */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
