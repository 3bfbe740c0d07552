import type { Alert } from '@pluvio/shared/alerts';
import type { Paging } from '@pluvio/shared/lists';
import type { AccountAccess } from '../../core/access';
import type { AppDb } from '../../core/db/client';
import type { ForecastSource } from '../sources';
import { type AlertDispatchOptions, createAlertDispatchService } from './alert-dispatch.service';
import { createAlertEvaluationService } from './alert-evaluation.service';
import { createAlertHistoryRepository } from './alert-history.repository';
import { createForecastNoticeService } from './forecast-notices.service';

export interface AlertsOptions extends AlertDispatchOptions {
  forecast: ForecastSource;
}

/** Alerts (issue 6): the rules engine, the messages it sends, and the history accounts read. */
export function createAlertsService(db: AppDb, options: AlertsOptions) {
  const evaluation = createAlertEvaluationService(db, options);
  const dispatch = createAlertDispatchService(db, options);
  const forecasts = createForecastNoticeService(db, options);
  const history = createAlertHistoryRepository(db);
  return {
    /** The job's work: the rules for every interval stored since, then the messages of what fired. */
    async run() {
      const report = await evaluation.evaluateDue();
      const messages = await dispatch.dispatchPending();
      return { ...report, messages };
    },
    /** The forecast job's work: tomorrow's forecast checked once a day from 15:00, then the notices' messages. */
    async notifyForecasts() {
      const notices = await forecasts.checkForecasts();
      const messages = notices > 0 ? await dispatch.dispatchPending() : 0;
      return { notices, messages };
    },
    evaluateDue: evaluation.evaluateDue,
    dispatchPending: dispatch.dispatchPending,

    /**
     * One page of the account's alerts; a plain contact sees those of its assigned locations, and
     * of whom they went to, only itself.
     */
    async history(access: AccountAccess, paging: Paging): Promise<Alert[]> {
      if (access.relation !== 'contact') return history.page(access.client.id, null, paging);
      const { contactId } = access;
      if (contactId === null) return [];
      const addresses = await history.contactAddresses(contactId);
      return history.page(access.client.id, { contactId, addresses }, paging);
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
