import { formatDay } from './dates';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Under an hour "Just now", under a day "Nh ago", under a week (168 h) "Nd ago",
 * then the day (en-GB). A time slightly ahead of this clock still reads "Just now".
 */
export const relativeTime = (value: string | Date, now: Date = new Date()): string => {
  const date = new Date(value);
  const hours = (now.getTime() - date.getTime()) / HOUR_MS;
  if (hours < 1) return 'Just now';
  if (hours < 24) return `${Math.floor(hours)}h ago`;
  if (hours < 168) return `${Math.floor(hours / 24)}d ago`;
  return formatDay(date);
};
