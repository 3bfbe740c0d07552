import path from 'node:path';
import { WIZARD_MESSAGES } from '@pluvio/shared/signup';
import { buildIntegrationServices } from './composition/integration-services';
import { buildRainfallServices } from './composition/rainfall-services';
import { buildReportServices } from './composition/report-services';
import { type Config, paymentProvider } from './config';
import type { AppDb, Database } from './core/db/client';
import { readCacheOf } from './core/db/read-cache';
import { createGuards } from './core/guards';
import type { QueueCounts } from './core/jobs/queue';
import type { Clock } from './core/lib/clock';
import { productToday } from './core/lib/time';
import { answerCacheBounds, createCachedAnswers } from './core/plugins/cached-answers';
import { createAccountsService } from './features/accounts';
import { createSystemHealthService } from './features/admin';
import { createAlertsService } from './features/alerts';
import { createAssignmentsService } from './features/assignments';
import { createAtlas14Service } from './features/atlas14';
import { createAuditService } from './features/audit';
import {
  type AuthOptions,
  createAuthService,
  createRefreshSuccessor,
  createTokenSigner,
} from './features/auth';
import { createBillingService, createTrialNoticesService } from './features/billing';
import { createContactsService } from './features/contacts';
import { createDailyReportService } from './features/daily-report';
import { createForecastsService } from './features/forecasts';
import { createGeocodingService } from './features/geocoding';
import { createLocationsService } from './features/locations';
import { createMetricsService } from './features/metrics';
import {
  createDeliveryLogService,
  createOutboxService,
  createSmsConsentService,
  createSmtpTransport,
  type MailTransport,
  twilioTransportFromConfig,
} from './features/notifications';
import type { PastRainfallAsk } from './features/rainfall';
import { createRateLimitsService } from './features/rate-limits';
import type { ReportRenderer } from './features/reports';
import { createSignupsService, createTrialClaims } from './features/signups';
import { createSources } from './features/sources';
import {
  createInspectionNoticesService,
  createInspectionsService,
  createStormDetectionService,
  createStormEventsService,
} from './features/storm-events';
import { createSwitchUserService } from './features/switch-user';
import { installationSecret } from './features/system';
import { createEmailChangeService, createUsersService } from './features/users';

export interface ServiceOptions {
  config: Config;
  database: Database;
  clock: Clock;
  /** Overrides the SMTP transport made from SMTP_URL (tests hand in their own). */
  mailTransport?: MailTransport | null;
  /** Wakes the outbox worker after a message is queued. */
  onMailQueued?: () => Promise<void>;
  /** Wakes the webhook worker after a test event is queued. */
  onWebhookQueued?: () => Promise<void>;
  /** Wakes a report worker after a report task is queued. */
  onReportQueued?: () => Promise<void>;
  /** Asks a worker to set an account's subscription quantity (after its locations changed). */
  onSubscriptionQuantityChanged?: (clientId: number) => Promise<void>;
  /** Wakes the Atlas 14 fill job after a location was saved without depths. */
  onAtlas14Pending?: () => Promise<void>;
  /** Asks a worker to produce past rainfall a report view found missing. */
  onPastRainfallWanted?: (ask: PastRainfallAsk) => Promise<void>;
  /** The job queues' counts for /metrics; a process without a queue has none. */
  jobQueues?: () => Promise<QueueCounts[]>;
  /** How a report task's file is drawn: in a thread of its own unless a test draws it in place. */
  renderTask?: ReportRenderer;
}

/** Builds every feature's service once, wired to one database: the composition root. */
export async function createServices(options: ServiceOptions) {
  const { config, database, clock } = options;
  const db = database.db;
  const secret = config.JWT_SECRET ?? (await installationSecret(db, 'jwt_secret'));
  const signer = createTokenSigner(secret, config.ACCESS_TOKEN_MINUTES);
  const transport =
    options.mailTransport !== undefined
      ? options.mailTransport
      : config.SMTP_URL
        ? createSmtpTransport(config.SMTP_URL)
        : null;

  // Reads kept until their tables are written; only the services on `db` use them, never `servicesIn`.
  // Sessions and access are small (a few hundred bytes); an answer can be a page of 250 locations.
  const readCache = readCacheOf(database, { maxEntries: 20_000 });
  const answerCache = readCacheOf(database, answerCacheBounds(config.READ_CACHE_MB));
  const answers = createCachedAnswers(answerCache, productToday(clock, config.TIME_ZONE));
  const auditOptions = { clock, timeZone: config.TIME_ZONE };
  const audit = createAuditService(db, auditOptions);
  const rateLimits = createRateLimitsService(db, { clock });
  const trialClaims = createTrialClaims(db, clock);
  /**
   * One more free trial from this client address today, or 429, and the address's only trial, or
   * 409; answers the undo for a trial not made.
   */
  async function admitTrial(ip: string, email: string): Promise<() => Promise<void>> {
    const undoAddress = await rateLimits.admit(
      { bucket: 'trials-per-address', max: config.TRIALS_PER_ADDRESS_PER_DAY, windowMs: 24 * 3_600_000 },
      ip,
      WIZARD_MESSAGES.trialsPerAddress,
    );
    const undoClaim = await trialClaims.claim(email).catch(async (error: unknown) => {
      await undoAddress();
      throw error;
    });
    return async () => {
      await undoClaim();
      await undoAddress();
    };
  }
  const accounts = createAccountsService(db, { ...auditOptions, audit, readCache });
  const users = createUsersService(db, accounts, clock);
  const assignments = createAssignmentsService(db);
  const sources = createSources(config);
  const locationsOptions = {
    clock,
    timeZone: config.TIME_ZONE,
    assignments,
    limits: { perAccount: config.LOCATIONS_PER_ACCOUNT, rowsPerImport: config.ROWS_PER_IMPORT },
  };
  const atlas14In = (tx: AppDb) => createAtlas14Service(tx, { source: sources.frequency, clock });
  const locations = createLocationsService(db, {
    ...locationsOptions,
    atlas14: atlas14In(db),
    onAtlas14Pending: options.onAtlas14Pending,
    onCountChanged: (clientId) => billing.locationsChanged(clientId),
    readCache,
  });
  const outboxOptions = {
    mailTransport: transport,
    smsTransport: twilioTransportFromConfig(config),
    mailFrom: config.MAIL_FROM,
    clock,
  };
  const outboxIn = (tx: typeof db) => createOutboxService(tx, outboxOptions);
  const outbox = createOutboxService(db, {
    ...outboxOptions,
    onQueued: options.onMailQueued,
  });
  const deliveryLog = createDeliveryLogService(db, { timeZone: config.TIME_ZONE });
  const smsConsent = createSmsConsentService(db, { clock, audit, supportEmail: config.SUPPORT_EMAIL });
  const authOptions: AuthOptions = {
    signer,
    successorOf: createRefreshSuccessor(secret),
    refreshTokenDays: config.REFRESH_TOKEN_DAYS,
    publicUrl: config.PUBLIC_URL,
    timeZone: config.TIME_ZONE,
    clock,
    signInLimits: {
      failuresPerAccount: config.SIGN_IN_FAILURES_PER_ACCOUNT,
      failuresPerAddress: config.SIGN_IN_FAILURES_PER_ADDRESS,
    },
  };
  const auth = createAuthService(
    db,
    {
      users,
      accounts,
      outbox,
      audit,
      rateLimits,
      addressHeld: (email) => signups.isHeld(email),
      admitTrial,
    },
    { ...authOptions, readCache },
  );

  /**
   * The services that write a new account, built on one transaction (as `outboxIn`), so a
   * sign-up's user, account, location, audit entries and e-mails commit together or not at all.
   */
  const servicesIn = (tx: AppDb) => {
    const txAudit = createAuditService(tx, auditOptions);
    const txAccounts = createAccountsService(tx, { ...auditOptions, audit: txAudit });
    const txUsers = createUsersService(tx, txAccounts, clock);
    const txOutbox = outboxIn(tx);
    return {
      audit: txAudit,
      accounts: txAccounts,
      users: txUsers,
      outbox: txOutbox,
      // No wake-ups from inside the transaction: the Atlas 14 fill's minute run finds the location.
      locations: createLocationsService(tx, { ...locationsOptions, atlas14: atlas14In(tx) }),
      auth: createAuthService(
        tx,
        { users: txUsers, accounts: txAccounts, outbox: txOutbox, audit: txAudit, rateLimits },
        authOptions,
      ),
    };
  };
  const emailChanges = createEmailChangeService(db, {
    clock,
    publicUrl: config.PUBLIC_URL,
    supportEmail: config.SUPPORT_EMAIL,
    users,
    rateLimits,
    servicesIn,
    onMailQueued: options.onMailQueued,
  });
  const billing = createBillingService(
    db,
    {
      accounts,
      users,
      locations,
      accountsIn: (tx) => servicesIn(tx).accounts,
      usersIn: (tx) => servicesIn(tx).users,
      locationsIn: (tx) => servicesIn(tx).locations,
      outboxIn,
      signupPaid: (tx, session) => signups.checkoutPaid(tx, session),
      onMailQueued: options.onMailQueued,
      requestQuantitySync: options.onSubscriptionQuantityChanged,
    },
    { ...config, provider: paymentProvider(config), clock },
  );
  const signups = createSignupsService(
    db,
    {
      users,
      auth,
      payments: () => billing.adapter,
      servicesIn,
      queueReceipt: (tx, clientId, session) => billing.signupReceipt(tx, clientId, session),
      admitTrial,
      onMailQueued: options.onMailQueued,
    },
    {
      clock,
      timeZone: config.TIME_ZONE,
      publicUrl: config.PUBLIC_URL,
      supportEmail: config.SUPPORT_EMAIL,
    },
  );
  const trialNotices = createTrialNoticesService(db, {
    clock,
    timeZone: config.TIME_ZONE,
    publicUrl: config.PUBLIC_URL,
    outboxIn,
    onMailQueued: options.onMailQueued,
  });
  const contacts = createContactsService(
    db,
    { accounts, users, auth, outbox, rateLimits, audit },
    {
      publicUrl: config.PUBLIC_URL,
      limits: {
        perAccount: config.CONTACTS_PER_ACCOUNT,
        rowsPerImport: config.ROWS_PER_IMPORT,
        emailsPerDay: config.CONTACT_EMAILS_PER_DAY,
      },
    },
  );
  const integrationDeps = { config, clock, audit, rateLimits, users, accounts, outboxIn, readCache };
  const { apiKeys, webhooks } = buildIntegrationServices(db, integrationDeps, options.onWebhookQueued);
  const guards = createGuards({ auth, apiKeys, accounts });
  const { rainfall, ingestion, historyFill, pastRainfall, rainfallData, locationViews } =
    buildRainfallServices(db, { config, clock, sources, locations, readCache });
  const alerts = createAlertsService(db, {
    clock,
    timeZone: config.TIME_ZONE,
    publicUrl: config.PUBLIC_URL,
    outboxIn,
    onQueued: options.onMailQueued,
    forecast: sources.forecast,
  });
  const stormDetection = createStormDetectionService(db, { clock, timeZone: config.TIME_ZONE });
  const dailyReport = createDailyReportService(db, {
    clock,
    timeZone: config.TIME_ZONE,
    publicUrl: config.PUBLIC_URL,
    rainfall,
    outboxIn,
    onQueued: options.onMailQueued,
  });
  const stormEvents = createStormEventsService(db, { locations, clock, timeZone: config.TIME_ZONE });
  const inspections = createInspectionsService(db, {
    locations,
    audit,
    clock,
    timeZone: config.TIME_ZONE,
    photoFolder: path.join(config.DATA_DIR, 'photos'),
    photoQuotaMegabytes: config.PHOTO_QUOTA_MB_PER_ACCOUNT,
  });
  const { accountCharges, reportRecipients, reports, monthlyReport } = buildReportServices(db, {
    config,
    clock,
    options,
    accounts,
    users,
    contacts,
    locations,
    rainfall,
    ingestion,
    pastRainfall,
    deliveryLog,
    outboxIn,
    rateLimits,
    stormEvents,
    inspections,
  });
  const systemHealth = createSystemHealthService({
    deliveryLog,
    ingestion,
    clock,
    timeZone: config.TIME_ZONE,
  });
  const metrics = createMetricsService({
    outbox,
    ingestion,
    jobQueues: options.jobQueues ?? (async () => []),
    clock,
  });
  // Requests a minute per client address, counted in the database (app.ts) by every API process.
  const requestLimits = {
    signIn: { max: config.SIGN_INS_PER_ADDRESS, timeWindow: '1 minute' },
    auth: { max: config.RATE_LIMIT_AUTH_PER_MINUTE, timeWindow: '1 minute' },
    // A page open in several tabs refreshes more often than anyone types a password.
    refresh: { max: config.RATE_LIMIT_AUTH_PER_MINUTE * 6, timeWindow: '1 minute' },
    geocode: { max: config.GEOCODE_PER_MINUTE, timeWindow: '1 minute' },
  };

  return {
    config,
    database,
    clock,
    audit,
    accounts,
    apiKeys,
    webhooks,
    users,
    emailChanges,
    locations,
    locationViews,
    geocoding: createGeocodingService(config),
    contacts,
    assignments,
    outbox,
    outboxIn,
    deliveryLog,
    smsConsent,
    auth,
    switchUser: createSwitchUserService({ auth, users, audit }),
    billing,
    signups,
    trialNotices,
    guards,
    sources,
    rainfall,
    ingestion,
    historyFill,
    pastRainfall,
    alerts,
    stormDetection,
    stormEvents,
    inspections,
    inspectionNotices: createInspectionNoticesService(db, {
      clock,
      timeZone: config.TIME_ZONE,
      publicUrl: config.PUBLIC_URL,
      outboxIn,
      onQueued: options.onMailQueued,
    }),
    dailyReport,
    monthlyReport,
    rainfallData,
    forecasts: createForecastsService({ forecast: sources.forecast, locations, clock }),
    reports,
    reportRecipients,
    accountCharges,
    systemHealth,
    metrics,
    rateLimits,
    requestLimits,
    answers,
    servicesIn,
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
