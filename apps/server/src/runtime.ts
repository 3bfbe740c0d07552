import type { PgBoss } from 'pg-boss';
import type { Config } from './config';
import type { Database } from './core/db/client';
import { migrateDatabase } from './core/db/migrate';
import { queueCounts } from './core/jobs/queue';
import { systemClock } from './core/lib/clock';
import { createLogger } from './core/lib/log';
import { demoJobs } from './demo/demo-inspection';
import { alertJobs } from './features/alerts';
import { billingJobs, SYNC_SUBSCRIPTION_QUANTITY } from './features/billing';
import { dailyReportJobs } from './features/daily-report';
import { FILL_ATLAS14, locationJobs } from './features/locations';
import { monthlyReportJobs } from './features/monthly-report';
import { DELIVER_OUTBOX, notificationJobs } from './features/notifications';
import { PRODUCE_PAST_RAINFALL, rainfallJobs } from './features/rainfall';
import { rateLimitJobs } from './features/rate-limits';
import { RENDER_REPORTS, reportJobs } from './features/reports';
import { signupJobs } from './features/signups';
import { stormEventJobs } from './features/storm-events';
import { DELIVER_WEBHOOKS, webhookJobs } from './features/webhooks';
import { createServices, type Services } from './services';

/**
 * The services of one process or thread on `database`, with the wake-ups that send jobs through
 * the queue attached later (`attachQueue`).
 */
export async function openRuntime(config: Config, database: Database) {
  await migrateDatabase(database);
  let boss: PgBoss | undefined;
  const services = await createServices({
    config,
    database,
    clock: systemClock,
    onMailQueued: async () => {
      await boss?.send(DELIVER_OUTBOX, null);
    },
    onWebhookQueued: async () => {
      await boss?.send(DELIVER_WEBHOOKS, null);
    },
    onReportQueued: async () => {
      await boss?.send(RENDER_REPORTS, null);
    },
    onSubscriptionQuantityChanged: async (clientId) => {
      await boss?.send(SYNC_SUBSCRIPTION_QUANTITY, { clientId });
    },
    onAtlas14Pending: async () => {
      await boss?.send(FILL_ATLAS14, null);
    },
    onPastRainfallWanted: async (ask) => {
      // One job per period and locations while it waits: views opened meanwhile add none.
      const singletonKey = `${ask.product} ${ask.from} ${ask.to} ${ask.locationIds.join(',')}`;
      await boss?.send(PRODUCE_PAST_RAINFALL, ask, { singletonKey });
    },
    jobQueues: async () => (boss ? queueCounts(boss) : []),
  });
  return { services, attachQueue: (queue: PgBoss) => (boss = queue) };
}

/** Every job of every feature, as data (`jobs/queue.ts`). */
export function allJobs(services: Services) {
  const log = createLogger(services.config);
  return [
    ...notificationJobs(services.outbox, services.config.REPORT_FILE_DAYS),
    ...locationJobs(services.locations),
    ...rainfallJobs(services.ingestion, services.historyFill, services.pastRainfall, log),
    ...alertJobs(services.alerts),
    ...stormEventJobs(services.stormDetection, services.inspectionNotices),
    ...dailyReportJobs(services.dailyReport),
    ...monthlyReportJobs(services.monthlyReport),
    ...rateLimitJobs(services.rateLimits),
    ...reportJobs(services.reports),
    ...billingJobs(services.billing, services.trialNotices, services.config.TIME_ZONE),
    ...signupJobs(services.signups),
    ...webhookJobs(services.webhooks),
    ...demoJobs(services),
  ];
}
