import { type DestinationStream, type Logger as PinoInstance, pino } from 'pino';
import { Logger, type Params, PinoLogger } from 'nestjs-pino';
import type { AppConfig } from '../config/app-config';

/** The application's pino logger, for the few lines written outside Nest's logger (the listening address). */
export const APP_LOGGER = Symbol('APP_LOGGER');

/** Credentials never reach the log, whatever a request carries. */
const REDACTED = ['req.headers.authorization', 'req.headers.cookie'];

/**
 * The API's pino logger: standard pino lines (numeric `level`, `time` in epoch milliseconds) with
 * `service: 'api'`, as the embedder service and the index worker log. Pretty single lines on a terminal;
 * `destination` takes the lines instead of stdout (tests).
 */
export const createAppLogger = (config: AppConfig, destination?: DestinationStream): PinoInstance => {
  const options = { level: config.logLevel, redact: REDACTED };
  const root = destination
    ? pino(options, destination)
    : pino({
        ...options,
        ...(process.stdout.isTTY && { transport: { target: 'pino-pretty', options: { singleLine: true } } }),
      });
  return root.child({ service: 'api' });
};

/** The nestjs-pino parameters that make every request log and every Nest log line go to `logger`. */
export const loggerParams = (logger: PinoInstance): Params => ({ pinoHttp: { logger } });

/**
 * A Nest logger over `logger` for the application's start-up. Given to `NestFactory.create`, Nest's own
 * lines are written as they happen, each with its own time; with `bufferLogs` they would be replayed once
 * the application exists, all with the time of the replay.
 */
export const startupLogger = (logger: PinoInstance): Logger => {
  const params = loggerParams(logger);
  return new Logger(new PinoLogger(params), params);
};
