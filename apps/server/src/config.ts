import path from 'node:path';
import { z } from 'zod';

const booleanSetting = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

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
  PUBLIC_URL: z.url().default('http://localhost:3000'),
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
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_MESSAGING_SERVICE_SID: z.string().optional(),
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  TIME_ZONE: z.string().default('America/New_York'),
  PRECIPITATION_SOURCE: sourceSetting('PRECIPITATION_SOURCE', ['simulator']),
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
  SEED_DEMO: booleanSetting.optional(),
  BACKFILL_DAYS: z.coerce.number().int().min(0).max(3650).default(35),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  SIGN_INS_PER_ADDRESS: z.coerce.number().int().min(1).default(300),
  SIGN_IN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  SIGN_IN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  FEATURE_ACCOUNT_SWITCHER: booleanSetting.default(true),
  FEATURE_TABLE_VIEW: booleanSetting.default(true),
  MAP_TILE_URL: z
    .string()
    .regex(
      /^https:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/,
      'MAP_TILE_URL must be an https URL template with {z}, {x} and {y}',
    )
    .optional(),
  MAP_TILE_ATTRIBUTION: z.string().default(''),
  WEB_DIST: z.string().optional(),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof configSchema> & { webDist: string };

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

/** Whether users reach the service over https (Secure cookies, HSTS, upgraded requests). */
export function servesHttps(config: Pick<Config, 'PUBLIC_URL'>): boolean {
  return config.PUBLIC_URL.startsWith('https:');
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = configSchema.safeParse(cleaned);
  const problems = [
    ...(parsed.error?.issues.map((issue) => `- ${issue.path.join('.')}: ${issue.message}`) ?? []),
    ...twilioProblems(cleaned),
  ];
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const webDist = parsed.data.WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist');
  // npm runs workspace scripts inside the workspace; a relative DATA_DIR means where npm was started.
  const DATA_DIR = path.resolve(env.INIT_CWD ?? process.cwd(), parsed.data.DATA_DIR);
  return { ...parsed.data, DATA_DIR, webDist };
}
