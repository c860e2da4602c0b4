import type { LogLevel } from './embedder-config';

export interface Logger {
  error(message: string): void;
  warn(message: string): void;
  info(message: string): void;
  debug(message: string): void;
}

const SEVERITY: Record<LogLevel, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: 99,
};

/**
 * One JSON object per line on stdout, with the same level names as the API's log, so both services' logs
 * can be collected and filtered alike.
 */
export const createJsonLogger = (
  level: LogLevel,
  write: (line: string) => void = (line) => process.stdout.write(line),
): Logger => {
  const at =
    (name: 'error' | 'warn' | 'info' | 'debug') =>
    (message: string): void => {
      if (SEVERITY[name] < SEVERITY[level]) return;
      write(
        `${JSON.stringify({ level: name, time: new Date().toISOString(), service: 'embedder', msg: message })}\n`,
      );
    };
  return { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
};
