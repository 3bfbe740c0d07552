import path from 'node:path';
import { API_KEY_DEFAULTS } from '@pluvio/shared/api-keys';
import type { PaymentProvider } from '@pluvio/shared/billing';
import { IMPORT_MAX_ROWS } from '@pluvio/shared/csv-import';
import { GEOCODERS } from '@pluvio/shared/geocode';
import { PHOTO_LIMITS } from '@pluvio/shared/inspections';
import { QUOTA_DEFAULTS } from '@pluvio/shared/quotas';
import { WEBHOOK_DEFAULTS } from '@pluvio/shared/webhooks';
import { z } from 'zod';
import { SERVER_DIR } from './core/lib/entry-points';

const booleanSetting = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** OpenStreetMap's standard tiles and the credit their usage policy asks for. */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** The maps' base map (dashboard, location point picker) as the browser gets it: a tile URL template (or none) and its credit. */
export function mapTiles(config: Pick<Config, 'MAP_TILE_URL' | 'MAP_TILE_ATTRIBUTION'>) {
  const url = config.MAP_TILE_URL;
  const attribution = config.MAP_TILE_ATTRIBUTION ?? (url === OSM_TILE_URL ? OSM_ATTRIBUTION : '');
  return { tile_url: url, tile_attribution: url ? attribution : '' };
}

/** The data source a setting picks, one of those built in; a later adapter adds its name here. */
const sourceSetting = <const Names extends readonly [string, ...string[]]>(setting: string, names: Names) =>
  z.enum(names, { error: `${setting} must be one of: ${names.join(', ')}` }).default(names[0]);

/**
 * Every setting of the server, read from the environment once at start-up (README "Configuration").
 * Nothing else reads process.env.
 */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  /** Defaults to http://localhost:PORT, so a start with only PORT set links to itself. */
  PUBLIC_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ACCESS_TOKEN_MINUTES: z.coerce.number().int().min(1).max(15).default(15),
  REFRESH_TOKEN_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: booleanSetting.default(false),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Pluvio <no-reply@pluvio.example>'),
  SUPPORT_EMAIL: z.string().default('support@pluvio.example'),
  /** The historical report fee in dollars (D20), charged once per historical report request. */
  HISTORICAL_REPORT_FEE: z.coerce.number().min(0).max(100_000).default(25),
  /** Stripe (D20): without STRIPE_SECRET_KEY the built-in test checkout takes every payment. */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_GOLD: z.string().optional(),
  STRIPE_PRICE_SILVER: z.string().optional(),
  STRIPE_PRICE_BRONZE: z.string().optional(),
  /** Where the Stripe SDK sends its requests; tests point it at a local server that answers as Stripe. */
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  /** Days a failed renewal payment leaves monitoring on before the account pauses like an ended trial. */
  PAYMENT_GRACE_DAYS: z.coerce.number().int().min(0).max(90).default(7),
  /** Days a finished report's file, and a report e-mailed as an attachment, are kept. */
  REPORT_FILE_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** What one account may multiply (issue 24); each refusal creates or queues nothing. */
  LOCATIONS_PER_ACCOUNT: z.coerce.number().int().min(1).default(QUOTA_DEFAULTS.locationsPerAccount),
  CONTACTS_PER_ACCOUNT: z.coerce.number().int().min(1).default(QUOTA_DEFAULTS.contactsPerAccount),
  ROWS_PER_IMPORT: z.coerce.number().int().min(1).max(IMPORT_MAX_ROWS).default(QUOTA_DEFAULTS.rowsPerImport),
  REPORT_TASKS_PER_HOUR: z.coerce.number().int().min(1).default(QUOTA_DEFAULTS.reportTasksPerAccountPerHour),
  REPORT_EMAILS_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .default(QUOTA_DEFAULTS.reportEmailsPerAccountPerHour),
  /** Invitations and notices one account's new contacts may be sent in a day (an add-remove loop would make a relay). */
  CONTACT_EMAILS_PER_DAY: z.coerce
    .number()
    .int()
    .min(1)
    .default(QUOTA_DEFAULTS.contactEmailsPerAccountPerDay),
  /** Megabytes of inspection photos (originals) one account may keep in DATA_DIR/photos. */
  PHOTO_QUOTA_MB_PER_ACCOUNT: z.coerce.number().int().min(1).default(PHOTO_LIMITS.quotaMegabytesDefault),
  /** Megabytes of serialised answers the read routes keep between requests (oldest dropped first). */
  READ_CACHE_MB: z.coerce.number().min(1).max(100_000).default(64),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_MESSAGING_SERVICE_SID: z.string().optional(),
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  TIME_ZONE: z.string().default('America/New_York'),
  PRECIPITATION_SOURCE: sourceSetting('PRECIPITATION_SOURCE', ['simulator', 'mrms']),
  FREQUENCY_SOURCE: sourceSetting('FREQUENCY_SOURCE', ['simulator', 'pfds']),
  FORECAST_SOURCE: sourceSetting('FORECAST_SOURCE', ['simulator', 'nws']),
  /** NOAA's PFDS text endpoint; the adapter adds `?lat=..&lon=..&data=depth&units=english&series=pds`. */
  PFDS_URL: z.url().default('https://hdsc.nws.noaa.gov/cgi-bin/new/fe_text_mean.csv'),
  NWS_API_URL: z.url().default('https://api.weather.gov'),
  /** Where the WPC day 1-3 QPF images (fill_94qwbg.gif, fill_98qwbg.gif, fill_99qwbg.gif) are. */
  WPC_QPF_URL: z.url().default('https://www.wpc.ncep.noaa.gov/qpf'),
  /** Sent to NOAA's services, which ask for the application and a contact; default: Pluvio (SUPPORT_EMAIL). */
  NWS_USER_AGENT: z.string().optional(),
  SIMULATOR_SEED: z.string().default('pluvio'),
  /** Where PRECIPITATION_SOURCE=mrms reads: the NOAA bucket, the NCEP server (…/data/2D) or a folder. */
  MRMS_BASE_URL: z.string().default('https://noaa-mrms-pds.s3.amazonaws.com'),
  MRMS_CACHE_DIR: z.string().optional(),
  MRMS_CACHE_MB: z.coerce.number().int().min(10).max(1_000_000).default(2000),
  MRMS_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(60),
  MRMS_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  SEED_DEMO: booleanSetting.optional(),
  BACKFILL_DAYS: z.coerce.number().int().min(0).max(3650).default(35),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Free trials (wizard and /auth/register together) started from one client address in a day. */
  TRIALS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).default(5),
  SIGN_INS_PER_ADDRESS: z.coerce.number().int().min(1).default(300),
  SIGN_IN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  SIGN_IN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  FEATURE_ACCOUNT_SWITCHER: booleanSetting.default(true),
  FEATURE_TABLE_VIEW: booleanSetting.default(true),
  /** The base map of the dashboard and the location point picker: OpenStreetMap's standard tiles by default; `none` draws state outlines only. */
  MAP_TILE_URL: z
    .union([
      z.literal('none'),
      z
        .string()
        .regex(
          /^https:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/,
          "MAP_TILE_URL must be an https URL template with {z}, {x} and {y}, or 'none'",
        ),
    ])
    .default(OSM_TILE_URL)
    .transform((url) => (url === 'none' ? null : url)),
  /** Defaults to OpenStreetMap's credit with its tiles, to nothing with other tiles. */
  MAP_TILE_ATTRIBUTION: z.string().optional(),
  /** Address search on the location screens: `none` (offline default) or the US Census Bureau's geocoder. */
  GEOCODER: sourceSetting('GEOCODER', GEOCODERS),
  /** The Census geocoder's base; the adapter adds `/locations/onelineaddress?address=..`. */
  GEOCODER_URL: z.url().default('https://geocoding.geo.census.gov/geocoder'),
  GEOCODER_TIMEOUT_SECONDS: z.coerce.number().min(1).max(60).default(8),
  /** API keys one account may hold, and requests one key may make in a minute (issue 29). */
  API_KEYS_PER_ACCOUNT: z.coerce.number().int().min(1).default(API_KEY_DEFAULTS.perAccount),
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(API_KEY_DEFAULTS.requestsPerMinute),
  /** Webhook endpoints one account may hold, and how long one delivery may take (issue 29). */
  WEBHOOKS_PER_ACCOUNT: z.coerce.number().int().min(1).default(WEBHOOK_DEFAULTS.perAccount),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(0.01).max(60).default(WEBHOOK_DEFAULTS.timeoutSeconds),
  /** Address searches one client address may make in a minute. */
  GEOCODE_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  WEB_DIST: z.string().optional(),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `auto`: one readable line per entry in a terminal, JSON lines otherwise (a log collector). */
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
});

export type Config = Omit<z.infer<typeof configSchema>, 'MRMS_CACHE_DIR' | 'PUBLIC_URL'> & {
  PUBLIC_URL: string;
  webDist: string;
  /** MRMS downloads: MRMS_CACHE_DIR, or `mrms` in DATA_DIR. */
  MRMS_CACHE_DIR: string;
};

export class ConfigError extends Error {}

/** SMS go out only with a whole set of Twilio settings: half a set is a mistake, not "off". */
function twilioProblems(env: Record<string, string | undefined>): string[] {
  const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM, TWILIO_MESSAGING_SERVICE_SID } = env;
  if (!TWILIO_ACCOUNT_SID && !TWILIO_AUTH_TOKEN) return [];
  return [
    !TWILIO_ACCOUNT_SID && '- TWILIO_ACCOUNT_SID: needed with TWILIO_AUTH_TOKEN',
    !TWILIO_AUTH_TOKEN && '- TWILIO_AUTH_TOKEN: needed with TWILIO_ACCOUNT_SID',
    !TWILIO_FROM &&
      !TWILIO_MESSAGING_SERVICE_SID &&
      '- TWILIO_FROM: or TWILIO_MESSAGING_SERVICE_SID, needed to send SMS',
  ].filter((problem) => typeof problem === 'string');
}

/** Stripe takes payments only with its whole set of settings: half a set is a mistake, not "off". */
function stripeProblems(env: Record<string, string | undefined>): string[] {
  if (!env.STRIPE_SECRET_KEY) return [];
  const needed = ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_GOLD', 'STRIPE_PRICE_SILVER', 'STRIPE_PRICE_BRONZE'];
  return needed.filter((name) => !env[name]).map((name) => `- ${name}: needed with STRIPE_SECRET_KEY`);
}

/** The checkout of this installation: Stripe when its keys are set, otherwise the test checkout (D20). */
export function paymentProvider(config: Pick<Config, 'STRIPE_SECRET_KEY'>): PaymentProvider {
  return config.STRIPE_SECRET_KEY ? 'stripe' : 'test';
}

/** Whether users reach the service over https (Secure cookies, HSTS, upgraded requests). */
export function servesHttps(config: Pick<Config, 'PUBLIC_URL'>): boolean {
  return config.PUBLIC_URL.startsWith('https:');
}

/** Where the user started the command: npm runs workspace scripts inside the workspace, and sets INIT_CWD. */
export function startDirectory(env: Record<string, string | undefined> = process.env): string {
  return env.INIT_CWD ?? process.cwd();
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = configSchema.safeParse(cleaned);
  const problems = [
    ...(parsed.error?.issues.map((issue) => `- ${issue.path.join('.')}: ${issue.message}`) ?? []),
    ...twilioProblems(cleaned),
    ...stripeProblems(cleaned),
  ];
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const webDist = parsed.data.WEB_DIST ?? path.resolve(SERVER_DIR, '../web/dist');
  // Relative folders mean where npm was started.
  const DATA_DIR = path.resolve(startDirectory(env), parsed.data.DATA_DIR);
  const MRMS_CACHE_DIR = path.resolve(
    startDirectory(env),
    parsed.data.MRMS_CACHE_DIR ?? path.join(DATA_DIR, 'mrms'),
  );
  const MRMS_BASE_URL = /^[a-z][a-z0-9+.-]+:/i.test(parsed.data.MRMS_BASE_URL)
    ? parsed.data.MRMS_BASE_URL
    : path.resolve(startDirectory(env), parsed.data.MRMS_BASE_URL);
  const PUBLIC_URL = parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`;
  return { ...parsed.data, DATA_DIR, MRMS_BASE_URL, MRMS_CACHE_DIR, PUBLIC_URL, webDist };
}
