import { TZDate } from '@date-fns/tz';
import { productDate } from '../../../core/lib/time';
import { renderNationalForecast } from '../forecast-map';
import type { DailyForecast, ForecastImage, ForecastSource, Point } from '../sources';
import { Accumulation, preparePoint } from './accumulation';
import { Memo } from './memo';
import { hashInts, valueNoise } from './random';
import { DAY_MS, HOUR_MS, type StormModel } from './storms';

/**
 * Forecasts of the simulated weather: the rain the simulator will make fall, spread wider,
 * misplaced and scaled by errors that grow with the lead time, all drawn from the seed, so a
 * forecast resembles what then falls and never changes once issued.
 */

const FORECAST_SALT = 0xf0ca;
/** Errors stop growing after a week. */
const LAST_LEAD = 7;
/** Scale of the forecast errors' pattern, degrees: errors are regional, not per point. */
const ERROR_DEGREES = 5;

/** How forecasts made `lead` days ahead (0 = today) err. */
function skill(lead: number) {
  return {
    /** Storms spread over this many times their width (volume kept). */
    blur: 1.4 + 0.5 * lead,
    /** Spread of the log of the amount's error (about its standard deviation). */
    spread: 0.15 + 0.15 * lead,
    /** Largest misplacement of the rain, km. */
    displacement: 8 + 15 * lead,
  };
}

const KM_PER_DEGREE = 111;

/** The UTC start of every hour of a local calendar day (23, 24 or 25 of them). */
function hoursOfDay(date: string, timeZone: string): number[] {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const start = new TZDate(year, month - 1, day, timeZone).getTime();
  const end = new TZDate(year, month - 1, day + 1, timeZone).getTime();
  return Array.from({ length: Math.round((end - start) / HOUR_MS) }, (_, i) => start + i * HOUR_MS);
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

export class SimulatedForecast implements ForecastSource {
  readonly name = 'simulator';
  private readonly hours = new Memo<Accumulation>(256);
  /** A forecast depends on the local issue day only, so its maps are drawn once per day. */
  private readonly images = new Memo<ForecastImage>(9);

  constructor(
    private readonly model: StormModel,
    private readonly seed: number,
    private readonly timeZone: string,
  ) {}

  async dailyAt(point: Point, issuedAt: Date, days = 3): Promise<DailyForecast[]> {
    return Array.from({ length: days }, (_, ahead) => {
      const date = productDate(issuedAt, this.timeZone, ahead);
      return { date, value: this.amountAt(point, issuedAt, date) };
    });
  }

  async nationalImage(day: 1 | 2 | 3, issuedAt: Date): Promise<ForecastImage> {
    const key = dayNumber(productDate(issuedAt, this.timeZone)) * 4 + day;
    return this.images.get(key, () =>
      renderNationalForecast(day, issuedAt, (point, date) => this.amountAt(point, issuedAt, date), {
        timeZone: this.timeZone,
      }),
    );
  }

  /** Forecast inches at a point for a local calendar day as issued at `issuedAt`, in hundredths like NWS. */
  amountAt(point: Point, issuedAt: Date, date: string): number {
    const target = dayNumber(date);
    const lead = Math.min(LAST_LEAD, Math.max(0, target - dayNumber(productDate(issuedAt, this.timeZone))));
    const { blur, spread, displacement } = skill(lead);
    const error = (salt: number) => this.error(point, target * (LAST_LEAD + 1) + lead, salt);
    const kmPerDegreeLongitude = KM_PER_DEGREE * Math.cos((point.latitude * Math.PI) / 180);
    const misplaced = [
      preparePoint(
        point.latitude + (error(1) * displacement) / KM_PER_DEGREE,
        point.longitude + (error(2) * displacement) / kmPerDegreeLongitude,
      ),
    ];
    let total = 0;
    for (const start of hoursOfDay(date, this.timeZone)) {
      total += this.hour(start, lead, blur).amounts(misplaced)[0] ?? 0;
    }
    const factor = Math.exp(spread * Math.sqrt(3) * error(3));
    return Math.round(total * factor * 100) / 100;
  }

  /** A forecast error in [-1, 1): regional (the same for nearby points), new for every day and lead. */
  private error(point: Point, dayAndLead: number, salt: number): number {
    const seed = hashInts(this.seed, FORECAST_SALT, dayAndLead, salt);
    return 2 * valueNoise(seed, point.latitude / ERROR_DEGREES, point.longitude / ERROR_DEGREES) - 1;
  }

  private hour(start: number, lead: number, blur: number): Accumulation {
    return this.hours.get((start / HOUR_MS) * (LAST_LEAD + 1) + lead, () => {
      const instants = [0.25, 0.75].map((share) => ({ time: start + share * HOUR_MS, hours: 0.5 }));
      return new Accumulation(this.model, instants, { blur });
    });
  }
}
