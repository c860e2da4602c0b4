import { type DestinationStream, type Logger, pino } from 'pino';
import type { LogLevel } from '@skillers/domain';

/**
 * The index worker's pino logger: standard pino lines with `service: 'indexer'`, as the API and the
 * embedder service log. `write` takes the lines instead of stdout (tests).
 */
export const createWorkerLogger = (level: LogLevel = 'info', write?: (line: string) => void): Logger => {
  const destination: DestinationStream | undefined = write && { write };
  return (destination ? pino({ level }, destination) : pino({ level })).child({ service: 'indexer' });
};
