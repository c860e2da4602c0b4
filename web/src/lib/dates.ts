import { addDays, format, isValid, parseISO, startOfDay } from 'date-fns';
import { enGB } from 'date-fns/locale/en-GB';

/** Dates on or before this day mean "no date". */
const FIRST_SET_DAY = '1970-01-02';

/**
 * The calendar day a stored date names. Deadlines are picked as whole days and stored as midnight
 * UTC, so the day is read from the ISO text itself: reading it as a local time would show the day
 * before to anyone west of Greenwich.
 */
export const calendarDay = (value: string | undefined | null): Date | null => {
  const day = value?.slice(0, 10);
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day) || day < FIRST_SET_DAY) return null;
  const date = parseISO(day);
  return isValid(date) ? date : null;
};

/** A day as the British write it (day/month/year), e.g. 31/01/2030. */
export const formatDay = (day: Date): string => format(day, 'P', { locale: enGB });

/** A stored date for display, or null when it is unset or unreadable. */
export const formatStoredDate = (value: string | undefined | null): string | null => {
  const day = calendarDay(value);
  return day ? formatDay(day) : null;
};

/** The form value the API takes for a picked day: the calendar date, with no time or zone. */
export const toDateValue = (day: Date): string => format(day, 'yyyy-MM-dd');

/** The earliest deadline anyone can pick is tomorrow. */
export const earliestDeadline = (now: Date = new Date()): Date => startOfDay(addDays(now, 1));
