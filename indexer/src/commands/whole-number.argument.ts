import { InvalidArgumentError } from 'commander';

/** Parses a count or a seed; anything but digits (a sign, a decimal point, a word) is refused. */
export const parseWholeNumber = (value: string): number => {
  const number = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(number)) {
    throw new InvalidArgumentError('It must be a whole number, 0 or more.');
  }
  return number;
};
