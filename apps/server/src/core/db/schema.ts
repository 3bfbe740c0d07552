/** All tables, each owned by its feature; gathered here for drizzle-kit and the typed client. */
export * from '../tables/accounts';
export * from '../tables/alerts';
export * from '../tables/assignments';
export * from '../tables/audit';
export * from '../tables/auth';
export * from '../tables/billing';
export * from '../tables/contacts';
export * from '../tables/daily-report';
export * from '../tables/locations';
export * from '../tables/outbox';
export * from '../tables/rainfall';
export * from '../tables/rate-limits';
export * from '../tables/reports';
export * from '../tables/signups';
export * from '../tables/sources';
export * from '../tables/system';
export * from '../tables/users';
