import type { Config } from '../config';
import type { AppDb } from '../db/client';
import type { AccountsService } from '../features/accounts/accounts.service';
import type { ContactsService } from '../features/contacts/contacts.service';
import type { LocationsService } from '../features/locations/locations.service';
import type { DeliveryLogService } from '../features/notifications/delivery-log.service';
import type { OutboxService } from '../features/notifications/outbox.service';
import type { IngestionService } from '../features/rainfall/ingestion.service';
import type { PastRainfallService } from '../features/rainfall/past-rainfall.service';
import type { RainfallService } from '../features/rainfall/rainfall.service';
import type { RateLimitsService } from '../features/rate-limits/rate-limits.service';
import { createAccountChargesService } from '../features/reports/account-charges.service';
import { renderReport } from '../features/reports/render';
import { renderInThread } from '../features/reports/render/render-thread';
import { createReportContent } from '../features/reports/report-content';
import { createReportRecipientsService } from '../features/reports/report-recipients.service';
import { createReportsService } from '../features/reports/reports.service';
import type { UsersService } from '../features/users/users.service';
import type { Clock } from '../lib/clock';
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
}

/** The reports area of the composition root: account charges, report content, recipients and report tasks. */
export function buildReportServices(db: AppDb, deps: ReportServicesDeps) {
  const { config, clock, options, accounts, users, contacts, locations } = deps;
  const { rainfall, ingestion, pastRainfall, deliveryLog, outboxIn, rateLimits } = deps;
  const accountCharges = createAccountChargesService(db, { timeZone: config.TIME_ZONE });
  const reportContent = createReportContent({
    locations,
    rainfall,
    ingestion,
    pastRainfall,
    deliveryLog,
    accounts,
    charges: accountCharges,
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
  return { accountCharges, reportRecipients, reports };
}
