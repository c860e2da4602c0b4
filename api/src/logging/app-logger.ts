import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
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

/** The header that carries a request's id in and out, so a client or proxy can quote it. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** An incoming id is kept when it is short and plain (a proxy's UUID or trace id); anything else is replaced. */
const SANE_REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The incoming `X-Request-Id` when sane, else a random UUID; sent back on the answer either way. */
export const requestId = (request: IncomingMessage, response: ServerResponse): string => {
  const incoming = request.headers[REQUEST_ID_HEADER.toLowerCase()];
  const id = typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  response.setHeader(REQUEST_ID_HEADER, id);
  return id;
};

/** What a request line says of the request and its answer: no headers, whose bulk hides the line. */
const REQUEST_SERIALIZERS = {
  req: (request: { id: unknown; method: string; url: string }) => ({
    id: request.id,
    method: request.method,
    url: request.url,
  }),
  res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
};

/**
 * The nestjs-pino parameters that make every request log and every Nest log line go to `logger`; each line
 * written while a request is handled carries its id (`req.id`).
 */
export const loggerParams = (logger: PinoInstance): Params => ({
  pinoHttp: { logger, genReqId: requestId, serializers: REQUEST_SERIALIZERS },
});

/**
 * A Nest logger over `logger` for the application's start-up. Given to `NestFactory.create`, Nest's own
 * lines are written as they happen, each with its own time; with `bufferLogs` they would be replayed once
 * the application exists, all with the time of the replay.
 */
export const startupLogger = (logger: PinoInstance): Logger => {
  const params = loggerParams(logger);
  return new Logger(new PinoLogger(params), params);
};
