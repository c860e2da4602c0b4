import {
  addMonths,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  isBefore,
  isSameDay,
  isSameMonth,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { enGB } from 'date-fns/locale/en-GB';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { calendarDay, earliestDeadline, formatDay, toDateValue } from '../../lib/dates';
import { Button } from '../ui/button';

interface DeadlinePickerProps {
  label: string;
  /** The picked day as yyyy-MM-dd, or empty. */
  value: string;
  onChange(value: string): void;
  error?: string;
}

const weeksOf = (month: Date): Date[][] => {
  const days = eachDayOfInterval({
    start: startOfWeek(startOfMonth(month), { locale: enGB }),
    end: endOfWeek(endOfMonth(month), { locale: enGB }),
  });
  return Array.from({ length: days.length / 7 }, (_, week) => days.slice(week * 7, week * 7 + 7));
};

/**
 * A deadline picked on a calendar: the earliest day is tomorrow, and days are
 * shown day/month/year whatever language the browser speaks, which a native date box would not do.
 */
export const DeadlinePicker = ({ label, value, onChange, error }: DeadlinePickerProps) => {
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const earliest = useMemo(() => earliestDeadline(), []);
  const picked = calendarDay(value);
  const [month, setMonth] = useState(() =>
    startOfMonth(picked && !isBefore(picked, earliest) ? picked : earliest),
  );

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const choose = (day: Date) => {
    onChange(toDateValue(day));
    setOpen(false);
    input.current?.focus();
  };

  return (
    <div
      ref={root}
      className="deadline-picker field"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          input.current?.focus();
        }
      }}
    >
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="deadline-picker__control">
        <input
          ref={input}
          id={id}
          className="field__control"
          readOnly
          placeholder="dd/mm/yyyy"
          value={picked ? formatDay(picked) : ''}
          onClick={() => setOpen(true)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <Button
          variant="secondary"
          aria-expanded={open}
          aria-controls={`${id}-calendar`}
          onClick={() => setOpen((current) => !current)}
        >
          Choose date
        </Button>
        {picked && (
          <Button variant="ghost" onClick={() => onChange('')}>
            Clear
          </Button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
      {open && (
        <div id={`${id}-calendar`} className="calendar" role="group" aria-label="Calendar">
          <div className="calendar__header">
            <button
              type="button"
              className="calendar__nav"
              aria-label="Previous month"
              disabled={!isBefore(startOfMonth(earliest), month)}
              onClick={() => setMonth((current) => addMonths(current, -1))}
            >
              ‹
            </button>
            <p className="calendar__month" aria-live="polite">
              {format(month, 'MMMM yyyy', { locale: enGB })}
            </p>
            <button
              type="button"
              className="calendar__nav"
              aria-label="Next month"
              onClick={() => setMonth((current) => addMonths(current, 1))}
            >
              ›
            </button>
          </div>
          <table className="calendar__grid">
            <thead>
              <tr>
                {weeksOf(month)[0].map((day) => (
                  <th key={day.getDay()} scope="col" abbr={format(day, 'EEEE', { locale: enGB })}>
                    {format(day, 'EEEEEE', { locale: enGB })}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeksOf(month).map((week) => (
                <tr key={week[0].getTime()}>
                  {week.map((day) => (
                    <td key={day.getTime()}>
                      <button
                        type="button"
                        className={`calendar__day${isSameMonth(day, month) ? '' : ' calendar__day--outside'}`}
                        aria-label={format(day, 'EEEE d MMMM yyyy', { locale: enGB })}
                        aria-pressed={picked ? isSameDay(day, picked) : false}
                        disabled={isBefore(day, earliest)}
                        onClick={() => choose(day)}
                      >
                        {day.getDate()}
                      </button>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
};
