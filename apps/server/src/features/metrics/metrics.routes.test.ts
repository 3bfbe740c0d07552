import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { queueCounts, startQueue } from '../../core/jobs/queue';
import { bearer, buildOwnedClient, login } from '../../test/factories';
import { scriptedIngestion } from '../../test/scripted-source';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

const METRICS_TOKEN = 'scrape-me-if-you-can-0123456789';

describe('GET /metrics without METRICS_TOKEN', () => {
  it('refuses to start with a guessable token', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'prometheus' })).toThrow(/METRICS_TOKEN must be at least 16/);
  });

  it('does not exist', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ url: '/metrics', headers: bearer(METRICS_TOKEN) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not Found' });
    } finally {
      await t.close();
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let boss: PgBoss | undefined;
  const clock = manualClock(new Date('2026-11-21T14:05:00Z'));
  beforeAll(async () => {
    t = await createTestApp({
      clock,
      env: { METRICS_TOKEN },
      jobQueues: async () => (boss ? queueCounts(boss) : []),
    });
  });
  afterAll(async () => {
    await boss?.stop({ graceful: false });
    await t.close();
  });

  async function scrape(): Promise<string> {
    const response = await t.app.inject({ url: '/metrics', headers: bearer(METRICS_TOKEN) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  }

  it('refuses a scrape without the token or with another one', async () => {
    const answers = await Promise.all([
      t.app.inject({ url: '/metrics' }),
      t.app.inject({ url: '/metrics', headers: bearer('scrape-me-if-you-can-0123456780') }),
      t.app.inject({ url: '/metrics', headers: bearer(`${METRICS_TOKEN}0`) }),
      t.app.inject({ url: '/metrics', headers: { authorization: `Basic ${METRICS_TOKEN}` } }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ detail: 'Unauthorized' });
    }
  });

  it('counts requests by route pattern and status, with their durations', async () => {
    const { user } = await buildOwnedClient(t.services);
    const { token } = await login(t.app, user.email);
    await t.app.inject({ url: '/api/locations/987654', headers: bearer(token) });
    await t.app.inject({ url: '/api/locations/987655', headers: bearer(token) });
    const body = await scrape();
    expect(body).toContain(
      'pluvio_http_requests_total{method="GET",route="/api/locations/:id",status="404"} 2',
    );
    expect(body).toMatch(
      /pluvio_http_request_duration_seconds_count\{method="GET",route="\/api\/locations\/:id"\} 2/,
    );
    expect(body).not.toContain('987654');
  });

  it("shows the API thread's event loop delay, which heavy work on it would raise", async () => {
    const body = await scrape();
    for (const series of ['nodejs_eventloop_lag_p99_seconds', 'nodejs_eventloop_lag_max_seconds']) {
      expect(body).toMatch(new RegExp(`^${series} \\d`, 'm'));
    }
  });

  it('shows the outbox by channel and status', async () => {
    const before = await scrape();
    expect(before).toContain('pluvio_outbox_messages{channel="email",status="held"} 0');
    await t.services.outbox.enqueueEmail({
      to: 'someone@example.com',
      subject: 'Rain',
      text: 'Rain is coming.',
      html: null,
      kind: 'test',
    });
    expect(await scrape()).toContain('pluvio_outbox_messages{channel="email",status="held"} 1');
  });

  it('shows the newest ingested interval per product and pass, and how far behind it is', async () => {
    const ingestion = scriptedIngestion(t, clock, () => 0.1);
    // At 14:05 the quarter ending 14:00 and Pass 1 of the hour ending 13:00 are out.
    await ingestion.ingestRange(new Date('2026-11-21T12:00:00Z'), clock.now());
    const body = await scrape();
    const endOf = (iso: string) => Date.parse(iso) / 1000;
    expect(body).toContain(
      `pluvio_ingest_newest_interval_timestamp_seconds{product="15m",pass="1"} ${endOf('2026-11-21T14:00:00Z')}`,
    );
    expect(body).toContain('pluvio_ingest_lag_seconds{product="15m",pass="1"} 300');
    expect(body).toContain('pluvio_ingest_lag_seconds{product="1h",pass="1"} 3900');
    expect(body).toContain('pluvio_ingest_intervals{status="failed"} 0');
  });

  it('shows each job queue by state, failed jobs included', async () => {
    boss = await startQueue(t.database, 'producer', (error) => {
      throw error;
    });
    await boss.createQueue('test.metrics', { retryLimit: 0 });
    await boss.send('test.metrics', { n: 1 });
    await boss.send('test.metrics', { n: 2 });
    const [job] = await boss.fetch('test.metrics');
    if (!job) throw new Error('no job fetched');
    await boss.fail('test.metrics', job.id);
    // pg-boss counts queues in its supervisor's pass (every minute in a worker); run one now.
    await boss.supervise();
    const body = await scrape();
    expect(body).toContain('pluvio_job_queue_jobs{queue="test.metrics",state="ready"} 1');
    expect(body).toContain('pluvio_job_queue_jobs{queue="test.metrics",state="failed"} 1');
  });

  it('stays out of the public API document', async () => {
    const document = (await t.app.inject({ url: '/docs/json' })).json();
    expect(Object.keys(document.paths)).not.toContain('/metrics');
  });
});
