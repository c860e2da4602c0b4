import { type DestinationStream, pino } from 'pino';
import type { LogLevel } from '@skillers/domain';

export interface Logger {
  error(message: string): void;
  warn(message: string): void;
  info(message: string): void;
  debug(message: string): void;
}

/**
 * pino with its standard lines, as the API and the index worker log: one JSON object per line on stdout,
 * `level` as pino's number, `time` in epoch milliseconds, `service` naming the service, `msg` the text.
 * `write` takes the lines instead of stdout (tests).
 */
export const createJsonLogger = (level: LogLevel, write?: (line: string) => void): Logger => {
  const destination: DestinationStream | undefined = write && { write };
  const root = destination ? pino({ level }, destination) : pino({ level });
  return root.child({ service: 'embedder' });
};
