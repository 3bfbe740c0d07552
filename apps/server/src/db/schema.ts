/** All tables, each owned by its feature; gathered here for drizzle-kit and the typed client. */
export * from '../features/accounts/accounts.schema';
export * from '../features/alerts/alerts.schema';
export * from '../features/assignments/assignments.schema';
export * from '../features/audit/audit.schema';
export * from '../features/auth/auth.schema';
export * from '../features/billing/billing.schema';
export * from '../features/contacts/contacts.schema';
export * from '../features/daily-report/daily-report.schema';
export * from '../features/locations/locations.schema';
export * from '../features/notifications/outbox.schema';
export * from '../features/rainfall/rainfall.schema';
export * from '../features/rate-limits/rate-limits.schema';
export * from '../features/reports/reports.schema';
export * from '../features/signups/signups.schema';
export * from '../features/sources/sources.schema';
export * from '../features/system/system.schema';
export * from '../features/users/users.schema';
