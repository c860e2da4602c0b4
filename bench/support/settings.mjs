// Benchmark settings read from the environment.

/** A whole number from the environment variable `name` (or `fallback`), above 0 and at most `max`. */
export const wholeNumberSetting = (name, fallback, max) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0 || value > max)
    throw new Error(`${name} must be a whole number above 0 and at most ${max}`);
  return value;
};
