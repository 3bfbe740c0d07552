import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Secrets the installation makes for itself on first start (the token signing key). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
