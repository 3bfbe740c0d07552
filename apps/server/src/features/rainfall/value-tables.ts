import { rainfall15m, rainfallHourly } from '../../core/tables/rainfall';

/** The table holding each product's values. */
export const VALUE_TABLES = { '15m': rainfall15m, '1h': rainfallHourly } as const;
