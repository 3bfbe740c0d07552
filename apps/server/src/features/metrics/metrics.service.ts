import { OUTBOX_CHANNELS, OUTBOX_STATUSES } from '@pluvio/shared/outbox.schemas';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { QueueCounts } from '../../core/jobs/queue';
import type { Clock } from '../../core/lib/clock';
import type { OutboxService } from '../notifications';
import type { IngestionService } from '../rainfall';

export interface MetricsSources {
  outbox: Pick<OutboxService, 'countByStatus'>;
  ingestion: Pick<IngestionService, 'ingestStatus'>;
  /** The job queues' counts; none in a process without a queue. */
  jobQueues: () => Promise<QueueCounts[]>;
  clock: Clock;
}

const JOB_STATES = ['ready', 'deferred', 'active', 'failed'] as const;

/** One read shared by the gauges of a scrape: prom-client collects every metric at the same time. */
function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= read().finally(() => {
      pending = null;
    });
    return pending;
  };
}

function registerOutboxGauge(registry: Registry, { outbox }: MetricsSources): void {
  new Gauge({
    name: 'pluvio_outbox_messages',
    help: 'Outbox messages by channel and status',
    labelNames: ['channel', 'status'],
    registers: [registry],
    async collect() {
      for (const channel of OUTBOX_CHANNELS) {
        for (const status of OUTBOX_STATUSES) this.set({ channel, status }, 0);
      }
      for (const row of await outbox.countByStatus()) {
        this.set({ channel: row.channel, status: row.status }, row.total);
      }
    },
  });
}

function registerIngestGauges(registry: Registry, { ingestion, clock }: MetricsSources): void {
  const ingestStatus = sharedRead(() => ingestion.ingestStatus());
  const newestEnds = async () =>
    (await ingestStatus()).newest.map((interval) => ({
      labels: { product: interval.product, pass: String(interval.pass) },
      seconds: Date.parse(interval.ends_at) / 1000,
    }));
  new Gauge({
    name: 'pluvio_ingest_newest_interval_timestamp_seconds',
    help: 'End of the newest stored rainfall interval per product and pass (Unix time)',
    labelNames: ['product', 'pass'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const { labels, seconds } of await newestEnds()) this.set(labels, seconds);
    },
  });
  new Gauge({
    name: 'pluvio_ingest_lag_seconds',
    help: 'Seconds since the end of the newest stored rainfall interval per product and pass',
    labelNames: ['product', 'pass'],
    registers: [registry],
    async collect() {
      this.reset();
      const now = clock.now().getTime() / 1000;
      for (const { labels, seconds } of await newestEnds()) this.set(labels, now - seconds);
    },
  });
  new Gauge({
    name: 'pluvio_ingest_intervals',
    help: 'Rainfall intervals waiting to be ingested (pending) and given up on (failed)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const { pending, failed } = await ingestStatus();
      this.set({ status: 'pending' }, pending);
      this.set({ status: 'failed' }, failed);
    },
  });
}

function registerJobGauge(registry: Registry, { jobQueues }: MetricsSources): void {
  new Gauge({
    name: 'pluvio_job_queue_jobs',
    help: 'Background jobs per queue and state, as pg-boss counts them (refreshed every minute)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const counts of await jobQueues()) {
        for (const state of JOB_STATES) this.set({ queue: counts.queue, state }, counts[state]);
      }
    },
  });
}

/**
 * The process's Prometheus registry: Node's own metrics, the HTTP metrics plugins/metrics.ts
 * records, and gauges read from the database when scraped. Those are the installation's, not the
 * process's, so every API process reports the same figures and nothing polls between scrapes.
 */
export function createMetricsService(sources: MetricsSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registerOutboxGauge(registry, sources);
  registerIngestGauges(registry, sources);
  registerJobGauge(registry, sources);
  return {
    registry,
    /** The text exposition format, with its content type. */
    async scrape(): Promise<{ contentType: string; body: string }> {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

export type MetricsService = ReturnType<typeof createMetricsService>;
