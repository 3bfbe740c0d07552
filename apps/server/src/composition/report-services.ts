import type { Config } from '../config';
import type { AppDb } from '../core/db/client';
import type { Clock } from '../core/lib/clock';
import type { AccountsService } from '../features/accounts';
import type { ContactsService } from '../features/contacts';
import type { LocationsService } from '../features/locations';
import { createMonthlyReportService } from '../features/monthly-report';
import type { DeliveryLogService, OutboxService } from '../features/notifications';
import type { IngestionService, PastRainfallService, RainfallService } from '../features/rainfall';
import type { RateLimitsService } from '../features/rate-limits';
import {
  createAccountChargesService,
  createReportContent,
  createReportPastRainfall,
  createReportRecipientsService,
  createReportsService,
  renderInThread,
  renderReport,
} from '../features/reports';
import type { InspectionsService, StormEventsService } from '../features/storm-events';
import type { UsersService } from '../features/users';
import type { ServiceOptions } from '../services';

export interface ReportServicesDeps {
  config: Config;
  clock: Clock;
  options: Pick<ServiceOptions, 'renderTask' | 'onMailQueued' | 'onReportQueued' | 'onPastRainfallWanted'>;
  accounts: AccountsService;
  users: UsersService;
  contacts: ContactsService;
  locations: LocationsService;
  rainfall: RainfallService;
  ingestion: IngestionService;
  pastRainfall: PastRainfallService;
  deliveryLog: DeliveryLogService;
  outboxIn: (tx: AppDb) => OutboxService;
  rateLimits: RateLimitsService;
  stormEvents: StormEventsService;
  inspections: InspectionsService;
}

/** The reports area of the composition root: account charges, report content, recipients, report tasks and the monthly report. */
export function buildReportServices(db: AppDb, deps: ReportServicesDeps) {
  const { config, clock, options, accounts, users, contacts, locations } = deps;
  const { rainfall, ingestion, pastRainfall, deliveryLog, outboxIn, rateLimits, stormEvents, inspections } =
    deps;
  const accountCharges = createAccountChargesService(db, { timeZone: config.TIME_ZONE });
  const reportContent = createReportContent({
    locations,
    rainfall,
    ingestion,
    pastRainfall,
    deliveryLog,
    accounts,
    charges: accountCharges,
    stormEvents,
    inspections,
    timeZone: config.TIME_ZONE,
    clock,
  });
  const reportRecipients = createReportRecipientsService(db, {
    clock,
    publicUrl: config.PUBLIC_URL,
    accounts,
    users,
    contacts,
    outboxIn,
    rateLimits,
    onMailQueued: options.onMailQueued,
  });
  const reports = createReportsService(db, {
    clock,
    timeZone: config.TIME_ZONE,
    publicUrl: config.PUBLIC_URL,
    historicalFeeDollars: () => config.HISTORICAL_REPORT_FEE,
    fileDays: config.REPORT_FILE_DAYS,
    content: reportContent,
    render: renderReport,
    renderTask: options.renderTask ?? renderInThread,
    accounts,
    users,
    locations,
    pastRainfall,
    ingestion,
    outboxIn,
    onMailQueued: options.onMailQueued,
    onTaskQueued: options.onReportQueued,
    onPastRainfallWanted: options.onPastRainfallWanted,
    recipients: reportRecipients,
    hourlyLimits: {
      tasks: config.REPORT_TASKS_PER_HOUR,
      emails: config.REPORT_EMAILS_PER_HOUR,
    },
  });
  const monthlyReport = createMonthlyReportService(db, {
    clock,
    timeZone: config.TIME_ZONE,
    publicUrl: config.PUBLIC_URL,
    build: (subject) => reportContent.build(subject),
    preparePastRainfall: createReportPastRainfall({ timeZone: config.TIME_ZONE, ingestion, pastRainfall })
      .preparePastRainfall,
    render: renderReport,
    renderTask: options.renderTask ?? renderInThread,
    outboxIn,
    onQueued: options.onMailQueued,
  });
  return { accountCharges, reportRecipients, reports, monthlyReport };
}
