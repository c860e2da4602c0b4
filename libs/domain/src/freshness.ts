import { z } from 'zod';

/**
 * Freshness of projects and profiles: when the owner was last active (signed in or edited the record)
 * and whether the record is open to collaborate. The switch lapses OPEN_LAPSE_DAYS after its last
 * confirmation; the effective value is computed from the dates, so no job has to close anything.
 *
 * Defaults: a new record is open, confirmed at its creation. A record stored before these fields existed
 * counts as open, confirmed at its last edit (`updatedAt`), and as last active then.
 */
export const OPEN_LAPSE_DAYS = 60;
/** The "Active within" choices of the filter panel, in days. */
export const ACTIVE_WITHIN_DAYS = [7, 30, 90] as const;
export type ActiveWithinDays = (typeof ACTIVE_WITHIN_DAYS)[number];
/** A sign-in refreshes the owner's records at most this often, so signing in stays cheap. */
export const SIGN_IN_TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export const MS_PER_DAY = 86_400_000;

/** The stored freshness fields of a project or profile; all optional, for records stored before them. */
export interface FreshnessFields {
  /** ISO-8601: the owner's last sign-in or edit of the record. */
  lastActiveAt?: string;
  /** The owner's switch; absent counts as on. */
  openToCollaborate?: boolean;
  /** ISO-8601: when the owner last turned the switch on or said "Still open". */
  openConfirmedAt?: string;
  /** The `openConfirmedAt` whose lapse the owner was told of, so each lapse is told once. */
  openLapseNotifiedFor?: string;
}

/** What the cards, detail pages and owner screens read. */
export interface FreshnessView {
  lastActiveAt: string;
  openToCollaborate: boolean;
  openConfirmedAt: string;
  /** Open right now: the switch is on and its last confirmation is under OPEN_LAPSE_DAYS old. */
  openNow: boolean;
}

type FreshRecord = FreshnessFields & { createdAt: string; updatedAt: string };

export const lastActiveAtOf = (record: FreshRecord): string => record.lastActiveAt ?? record.updatedAt;

export const openConfirmedAtOf = (record: FreshRecord): string => record.openConfirmedAt ?? record.updatedAt;

/** When the record stops being open (ISO-8601), or undefined when its owner switched it off. */
export const openUntilOf = (record: FreshRecord): string | undefined => {
  if (record.openToCollaborate === false) return undefined;
  const confirmed = Date.parse(openConfirmedAtOf(record));
  return Number.isFinite(confirmed)
    ? new Date(confirmed + OPEN_LAPSE_DAYS * MS_PER_DAY).toISOString()
    : undefined;
};

export const isOpenAt = (record: FreshRecord, now: Date): boolean => {
  const until = openUntilOf(record);
  return until !== undefined && Date.parse(until) > now.getTime();
};

/** The switch is on but its confirmation ran out, and the owner has not been told of this lapse yet. */
export const lapseToNotify = (record: FreshRecord, now: Date): boolean =>
  record.openToCollaborate !== false &&
  !isOpenAt(record, now) &&
  record.openLapseNotifiedFor !== openConfirmedAtOf(record);

export const freshnessView = (record: FreshRecord, now: Date): FreshnessView => ({
  lastActiveAt: lastActiveAtOf(record),
  openToCollaborate: record.openToCollaborate !== false,
  openConfirmedAt: openConfirmedAtOf(record),
  openNow: isOpenAt(record, now),
});

/** The fields a new record starts with: active and open now. */
export const initialFreshness = (
  now: string,
): Required<Pick<FreshnessFields, 'lastActiveAt' | 'openToCollaborate' | 'openConfirmedAt'>> => ({
  lastActiveAt: now,
  openToCollaborate: true,
  openConfirmedAt: now,
});

/** Body of PUT /project/{id}/open and PUT /user/myTeammate/open: `true` (re)confirms, `false` closes. */
export const openSwitchSchema = z.strictObject(
  { open: z.boolean({ error: 'open must be true or false' }) },
  { error: 'The body must be {"open": true} or {"open": false}' },
);
export type OpenSwitchInput = z.output<typeof openSwitchSchema>;

export const FRESHNESS_MESSAGES = {
  reconfirmed: 'Open to collaborate for 60 more days',
  closed: 'No longer shown as open to collaborate',
} as const;
