import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error';
import { loadEnvironment, LOG_LEVELS, variable, type VariableRule } from './environment';

const { flag, logLevel, mailbox, oneOf, port, required, text, url, wholeNumber } = variable;

const refusal = (load: () => unknown): string => {
  try {
    load();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the environment was accepted');
};

describe('loadEnvironment', () => {
  const rules = {
    PORT: port().default(3000),
    HOST: text().default('127.0.0.1'),
    WORKERS: wholeNumber({ min: 1, max: 100 }).optional(),
  };

  it('trims values, counts empty ones as unset, gives defaults and ignores variables it has no rule for', () => {
    expect(loadEnvironment(rules, { PORT: ' 8080 ', HOST: '  ', WORKERS: '', OTHER: 'x' })).toEqual({
      PORT: 8080,
      HOST: '127.0.0.1',
    });
  });

  it('names the first bad variable, its value and the whole rule, in one line', () => {
    expect(refusal(() => loadEnvironment(rules, { PORT: 'abc', WORKERS: '0' }))).toBe(
      'Invalid environment variable PORT="abc": must be a port number between 0 and 65535',
    );
    expect(refusal(() => loadEnvironment(rules, { WORKERS: '101' }))).toBe(
      'Invalid environment variable WORKERS="101": must be a whole number from 1 to 100',
    );
  });

  it('says why a required variable is needed when it is missing or blank', () => {
    const needed = { MONGO_URL: required(url(['mongodb:']), 'the worker needs MONGO_URL') };
    for (const env of [{}, { MONGO_URL: ' ' }]) {
      expect(refusal(() => loadEnvironment(needed, env))).toBe(
        'Missing environment variable MONGO_URL: the worker needs MONGO_URL',
      );
    }
    expect(refusal(() => loadEnvironment(needed, { MONGO_URL: 'http://mongo' }))).toBe(
      'Invalid environment variable MONGO_URL="http://mongo": must be a URL starting with mongodb://',
    );
  });
});

describe('variable rules', () => {
  const read = <T>(rule: VariableRule<T>, value: string): T | undefined => rule.safeParse(value).data;

  it('takes whole numbers only as plain digits within their bounds', () => {
    const number = wholeNumber({ min: 1 });
    expect(read(number, '12')).toBe(12);
    for (const bad of ['0', '2.5', '1e3', '0x10', '-1', '+5', 'many'])
      expect(read(number, bad)).toBeUndefined();
  });

  it('takes ports from 0 to 65535', () => {
    expect([read(port(), '0'), read(port(), '65535')]).toEqual([0, 65535]);
    expect(read(port(), '65536')).toBeUndefined();
  });

  it('takes URLs of the given protocols only', () => {
    const redis = url(['redis:', 'rediss:']);
    expect(read(redis, 'rediss://cache:6380')).toBe('rediss://cache:6380');
    for (const bad of ['http://cache', 'cache:6379', 'not a url']) expect(read(redis, bad)).toBeUndefined();
  });

  it('takes mail addresses, plain or named, and nothing that could add a header', () => {
    for (const good of ['ops@skillers.example', 'Skillers Team <no-reply@skillers.example>'])
      expect(read(mailbox(), good)).toBe(good);
    for (const bad of ['Skillers', 'Team <ops>', 'a@b c@d', 'Team <a@b>\nBcc: x@y', 'a@b\r\nBcc: x@y'])
      expect(read(mailbox(), bad)).toBeUndefined();
  });

  it('reads flags, choices and every log level', () => {
    expect(['true', '1', 'yes', 'false', '0', 'no', 'maybe'].map((value) => read(flag(), value))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      undefined,
    ]);
    expect(read(oneOf(['a', 'b']), 'c')).toBeUndefined();
    expect(LOG_LEVELS.map((level) => read(logLevel(), level))).toEqual([...LOG_LEVELS]);
    expect(read(logLevel(), 'verbose')).toBeUndefined();
  });
});
