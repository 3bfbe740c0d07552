import type { AppDb } from '../../core/db/client';
import type { Clock } from '../../core/lib/clock';
import { productDate, productDay, productHour } from '../../core/lib/time';
import type { ForecastSource } from '../sources';
import { receivesForecastNotices } from './alert-rules';
import { createAlertsRepository, type ForecastWatcher, type NewAlert } from './alerts.repository';

/** Local hour of the daily check: an afternoon notice leaves a site time to prepare for tomorrow. */
export const FORECAST_CHECK_HOUR = 15;

export interface ForecastNoticeOptions {
  clock: Clock;
  timeZone: string;
  forecast: ForecastSource;
}

/**
 * Forecast notices (issue 6 point 1): once a day, from 15:00 in the product time zone until
 * midnight, each location of a gold account with `forecast_on` whose forecast for tomorrow
 * reaches its 24-hour threshold gets one alert of kind 'forecast' for that day (D17).
 */
export function createForecastNoticeService(db: AppDb, options: ForecastNoticeOptions) {
  const { clock, timeZone, forecast } = options;
  const repository = createAlertsRepository(db);

  async function forecastFor(watcher: ForecastWatcher, issuedAt: Date, date: string) {
    const days = await forecast.dailyAt(watcher, issuedAt, 2);
    return days.find((day) => day.date === date)?.value ?? null;
  }

  async function noticesFor(tomorrow: string, dayStart: Date, now: Date): Promise<NewAlert[]> {
    const watchers = await repository.forecastWatchers(productDate(now, timeZone));
    const notices: NewAlert[] = [];
    for (const watcher of watchers.filter((candidate) => receivesForecastNotices(candidate.level))) {
      const amount = await forecastFor(watcher, now, tomorrow);
      if (amount === null || amount < watcher.h24Threshold) continue;
      notices.push({
        clientId: watcher.clientId,
        locationId: watcher.locationId,
        kind: 'forecast',
        eventStartedAt: dayStart,
        recurrenceYears: 0,
        firedAt: now,
        value: amount,
        threshold: watcher.h24Threshold,
        notified: true,
      });
    }
    return notices;
  }

  return {
    /**
     * Checks tomorrow's forecast once: before 15:00 local nothing is due, and a day already
     * checked is not checked again. Two workers may both read the forecast; the alerts' unique
     * index records each notice once. Answers the number of notices recorded.
     */
    async checkForecasts(): Promise<number> {
      const now = clock.now();
      if (productHour(now, timeZone) < FORECAST_CHECK_HOUR) return 0;
      const tomorrow = productDate(now, timeZone, 1);
      const day = productDay(tomorrow, timeZone);
      const check = { product: 'forecast', endsAt: day.start } as const;
      if (await repository.isEvaluated(check)) return 0;
      const notices = await noticesFor(tomorrow, day.start, now);
      return db.transaction(async (tx) => {
        const txRepository = createAlertsRepository(tx);
        const recorded = await txRepository.insertAlerts(notices);
        await txRepository.markEvaluated(check, now, recorded);
        return recorded;
      });
    },
  };
}

export type ForecastNoticeService = ReturnType<typeof createForecastNoticeService>;
