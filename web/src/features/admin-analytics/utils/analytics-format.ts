/** A rate 0-1 as a percentage with one decimal, as the page and its plots show it. */
export const formatPercent = (rate: number): string => `${(rate * 100).toFixed(1)} %`;

/** `YYYY-MM-DD` of the UTC day `days` after `day` (negative: before). */
export const shiftDay = (day: string, days: number): string =>
  new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10);

export const todayUtc = (): string => new Date().toISOString().slice(0, 10);

/** `05-04` for `2031-05-04`: days on an axis need no year. */
export const shortDay = (day: string): string => day.slice(5);
