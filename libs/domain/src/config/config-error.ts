/**
 * A bad or missing environment variable, worded as the one line a service or command prints on stderr before
 * it stops. The API, the index worker, the command line and the embedder service all throw this one type.
 */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** The one wording of a variable whose value breaks a rule. */
export const invalidVariable = (name: string, value: unknown, rule: string): ConfigError =>
  new ConfigError(`Invalid environment variable ${name}=${JSON.stringify(value)}: ${rule}`);
