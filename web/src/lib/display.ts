/** What a card or profile shows for a list or value nobody filled in. */
export const NOT_SPECIFIED = 'Not specified';

/** A name longer than 30 characters is shown as its first 27 plus an ellipsis. */
export const NAME_MAX_LENGTH = 30;
export const NAME_KEPT_LENGTH = 27;

/** Counts in characters as people see them, so an emoji is never cut in half. */
export const shortenName = (name: string): string => {
  const characters = Array.from(name);
  return characters.length > NAME_MAX_LENGTH ? `${characters.slice(0, NAME_KEPT_LENGTH).join('')}...` : name;
};

/**
 * How many items each card row shows before the "+N more" hint. The spec adds
 * "up to 2 extra items before the hint"; we read that as describing these counts themselves: every
 * row shows at least 2 items and at most 2 more than that (tools: 4). A longer list always shows
 * exactly its count (the spec: "longer lists show the first items plus , +N more").
 */
export const CARD_DISPLAY_COUNTS = {
  projectType: 2,
  locations: 2,
  productType: 3,
  reward: 3,
  compensationBasis: 3,
  tools: 4,
} as const;

export interface ListSummary {
  /** The items written out on the card. */
  shown: readonly string[];
  /** The rest, counted by the "+N more" hint and listed in its tooltip. */
  hidden: readonly string[];
}

export const summarizeList = (items: readonly string[] | undefined, count: number): ListSummary => {
  const all = items ?? [];
  return { shown: all.slice(0, count), hidden: all.slice(count) };
};

/** The hint after the shown items, e.g. "+3 more"; empty when nothing is hidden. */
export const moreHint = (hidden: readonly string[]): string =>
  hidden.length > 0 ? `+${hidden.length} more` : '';

/** A row as plain text: "A, B, +3 more", or "Not specified" for an empty list. */
export const summaryText = ({ shown, hidden }: ListSummary): string =>
  shown.length === 0 ? NOT_SPECIFIED : [...shown, moreHint(hidden)].filter(Boolean).join(', ');

export interface WorkPlace {
  locations?: readonly string[];
  workingTypeRemote?: boolean;
}

/**
 * A card's footer: the locations (two shown), or "Remote" for remote work without a location,
 * otherwise "Not specified".
 */
export const footerPlace = ({ locations, workingTypeRemote }: WorkPlace): ListSummary | 'Remote' | null => {
  if (locations && locations.length > 0) return summarizeList(locations, CARD_DISPLAY_COUNTS.locations);
  return workingTypeRemote ? 'Remote' : null;
};

/** A profile's availability reads "N hours per week". */
export const hoursPerWeek = (hours: number | undefined): string | null =>
  hours ? `${hours} hours per week` : null;

export interface AvailabilityRange {
  availabilityFrom?: number;
  availabilityTo?: number;
  availabilityType?: string;
}

/** The availability range of the forms, e.g. "10–15 hours per month". */
export const availabilityRangeText = ({
  availabilityFrom,
  availabilityTo,
  availabilityType,
}: AvailabilityRange): string | null => {
  if (availabilityFrom === undefined && availabilityTo === undefined) return null;
  const unit = availabilityType === 'week' ? 'per week' : 'per month';
  const from = availabilityFrom ?? 0;
  return availabilityTo === undefined
    ? `From ${from} hours ${unit}`
    : `${from}–${availabilityTo} hours ${unit}`;
};

/** A collaboration length in months. */
export const monthsText = (months: number | undefined): string | null =>
  months ? `${months} ${months === 1 ? 'month' : 'months'}` : null;
