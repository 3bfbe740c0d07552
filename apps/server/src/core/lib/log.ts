import { type DestinationStream, type Logger, pino } from 'pino';
import pinoPretty from 'pino-pretty';
import type { Config } from '../../config';

export type { Logger };

type LogSettings = Pick<Config, 'LOG_LEVEL' | 'LOG_FORMAT'>;

/** `auto` reads as `pretty` when standard output is a terminal (a person), `json` otherwise. */
export function logFormat(
  settings: LogSettings,
  isTerminal = Boolean(process.stdout.isTTY),
): 'pretty' | 'json' {
  if (settings.LOG_FORMAT !== 'auto') return settings.LOG_FORMAT;
  return isTerminal ? 'pretty' : 'json';
}

/** One short line per entry: time, level, message (a request's fields stay in JSON output). */
function prettyStream(colorize: boolean): DestinationStream {
  return pinoPretty({
    colorize,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    sync: true,
  });
}

/** Where a log entry goes: `stream` (tests read it) or standard output in the configured format. */
export function logDestination(
  settings: LogSettings,
  stream?: DestinationStream,
): DestinationStream | undefined {
  if (stream) return stream;
  return logFormat(settings) === 'pretty' ? prettyStream(Boolean(process.stdout.isTTY)) : undefined;
}

/** The logger of a process or thread that is not the API (the job worker, the commands). */
export function createLogger(settings: LogSettings, stream?: DestinationStream): Logger {
  return pino({ level: settings.LOG_LEVEL }, logDestination(settings, stream));
}
