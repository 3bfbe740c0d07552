import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Secrets the installation makes for itself on first start (the token signing key). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
