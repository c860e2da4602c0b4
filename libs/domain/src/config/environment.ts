import { z } from 'zod';
import { ConfigError, invalidVariable } from './config-error';

/** pino's levels, which every service takes as `LOG_LEVEL`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The variables a service reads, as they reach it: a name per variable, each value a string or unset. */
export type Environment = Readonly<Record<string, string | undefined>>;

/** A rule for one variable's text: `phrase` says the whole rule, whichever part of it a value breaks. */
export type VariableRule<T> = z.ZodType<T, string>;

/** A rule written as a test of the text and what an accepted text becomes. */
export const variableRule = <T>(phrase: string, read: (value: string) => T | undefined): VariableRule<T> =>
  z.string().transform((value, context) => {
    const accepted = read(value);
    if (accepted === undefined) context.addIssue({ code: 'custom', message: phrase });
    return accepted as T;
  });

const bounds = (min: number, max: number | undefined) =>
  max === undefined ? `of at least ${min}` : `from ${min} to ${max}`;

/** Plain digits only: `Number` would also take "1e3", "0x10" and " ". */
const digits = (value: string): number => (/^\d+$/.test(value) ? Number(value) : NaN);

const wholeNumber = ({ min, max }: { min: number; max?: number }): VariableRule<number> =>
  variableRule(`must be a whole number ${bounds(min, max)}`, (value) => {
    const number = digits(value);
    return number >= min && (max === undefined || number <= max) ? number : undefined;
  });

const port = (): VariableRule<number> =>
  variableRule('must be a port number between 0 and 65535', (value) =>
    digits(value) <= 65535 ? digits(value) : undefined,
  );

const url = (protocols: readonly string[]): VariableRule<string> =>
  variableRule(`must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`, (value) =>
    URL.canParse(value) && protocols.includes(new URL(value).protocol) ? value : undefined,
  );

const oneOf = <const T extends string>(choices: readonly T[]): VariableRule<T> =>
  variableRule(`must be one of ${choices.join(', ')}`, (value) =>
    (choices as readonly string[]).includes(value) ? (value as T) : undefined,
  );

const logLevel = (): VariableRule<LogLevel> => oneOf(LOG_LEVELS);

const flag = (): VariableRule<boolean> =>
  variableRule('must be true or false', (value) =>
    ['true', '1', 'yes'].includes(value) ? true : ['false', '0', 'no'].includes(value) ? false : undefined,
  );

const text = (): VariableRule<string> => z.string();

/** A plain address (`a@b.example`) or a named one (`Name <a@b.example>`), as a mail's From line takes it. */
const mailbox = (): VariableRule<string> =>
  variableRule('must be a mail address such as Skillers <no-reply@example.com>', (value) =>
    /^(?:[^<>@\r\n]+ <[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/.test(value) ? value : undefined,
  );

/** A variable the service cannot start without; `why` ends the message that names it. */
const required = <T>(rule: VariableRule<T>, why: string): VariableRule<T> =>
  z.string({ error: why }).pipe(rule);

/** The rules services build their schemas from, so one kind of value is refused in one wording everywhere. */
export const variable = { wholeNumber, port, url, oneOf, logLevel, flag, text, mailbox, required };

/**
 * Reads a service's variables, one rule each (with `.optional()` or `.default()`):
 * surrounding spaces are dropped and empty variables count as unset. The first bad variable stops start-up
 * with the one `ConfigError` wording.
 */
export const loadEnvironment = <Rules extends z.ZodRawShape>(
  rules: Rules,
  env: Environment,
): z.output<z.ZodObject<Rules>> => {
  const present = Object.fromEntries(
    Object.keys(rules)
      .map((name) => [name, env[name]?.trim()])
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = z.object(rules).safeParse(present);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const name = String(issue.path[0]);
  throw name in present
    ? invalidVariable(name, present[name], issue.message)
    : new ConfigError(`Missing environment variable ${name}: ${issue.message}`);
};
