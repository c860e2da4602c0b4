/** The two kinds of record the search serves; each kind is its own index. */
export const SEARCH_KINDS = ['project', 'teammate'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The tag lists a record is filtered on. `industry` holds the records' areas of expertise. */
export const TAG_FACETS = [
  'tools',
  'projectType',
  'productType',
  'offeredGratification',
  'forGratification',
  'softSkills',
  'hardSkills',
  'industry',
  'usedLanguages',
  'locations',
] as const;
export type TagFacet = (typeof TAG_FACETS)[number];

export interface SearchNumbers {
  /** Hours per week. */
  availability?: number;
  /** Business share of the role, 0-100; `techRole` is the rest. */
  bizRole?: number;
  techRole?: number;
  /** How many months a profile offers to collaborate. */
  durationMonths?: number;
  /** A project's deadline as an ISO date or date-time; 1970-01-01 or earlier means unset. */
  deadline?: string;
}

/**
 * What the search indexes of one project or profile. The indexer builds it from the stored
 * record; the search never reads records itself.
 */
export interface SearchDocument {
  id: string;
  kind: SearchKind;
  ownerId: string;
  /** ISO-8601 date-time; newer records rank first among equals. */
  createdAt: string;
  /** Name or nickname, description, goal and the labels the record carries, for text relevance. */
  text: string;
  tags: Record<TagFacet, string[]>;
  /** Tool name to experience level, a whole number from 0 to 5. */
  toolLevels: Record<string, number>;
  numbers: SearchNumbers;
  workingTypeRemote: boolean;
  workingTypeOffice: boolean;
  /**
   * Profiles only: the hours per week the profile asks a project to stay within (`weeklyHours`), for
   * "matches for you"; `to` absent: no upper bound.
   */
  wantedHours?: { from: number; to?: number };
  /** ISO-8601: the owner's last sign-in or edit of the record (`libs/domain/src/freshness.ts`). */
  lastActiveAt?: string;
  /** ISO-8601: when the record stops being open to collaborate; absent when its owner closed it. */
  openUntil?: string;
  vector?: number[];
  /** The embedding model that produced `vector`; vectors of different models are not comparable. */
  vectorModel?: string;
  /**
   * The record's `updatedAt` in milliseconds. A write whose version is older than the indexed document's is
   * ignored (an equal one is applied), so a late write of an earlier state, such as a reindex replaying what
   * it read before the index worker wrote a later edit, never replaces a newer document.
   */
  version?: number;
}

/**
 * What a search hands back of each document on its page when asked (`SearchOptions.labels`): the labels
 * `why` holds against the picks, without the text, times or vector a whole document would cost to read.
 */
export type DocumentLabels = Pick<SearchDocument, (typeof DOCUMENT_LABEL_FIELDS)[number]>;

/** The fields of a document that make its labels (`DocumentLabels`), as a store names them. */
export const DOCUMENT_LABEL_FIELDS = [
  'tags',
  'toolLevels',
  'workingTypeRemote',
  'workingTypeOffice',
] as const satisfies readonly (keyof SearchDocument)[];

/** The document's labels (`DocumentLabels`), sharing its arrays. */
export const labelsOf = ({
  tags,
  toolLevels,
  workingTypeRemote,
  workingTypeOffice,
}: DocumentLabels): DocumentLabels => ({ tags, toolLevels, workingTypeRemote, workingTypeOffice });

/** Whether writing `doc` over a document of version `held` would replace a newer state by an older one. */
export const isOlderVersion = (doc: Pick<SearchDocument, 'version'>, held: number | undefined): boolean =>
  doc.version !== undefined && held !== undefined && doc.version < held;

const MS_PER_DAY = 86_400_000;
const LEADING_ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * Days since 1970-01-01 of the calendar date an ISO string starts with. Deadlines compare by calendar
 * day, as the picker shows them, so the time of day and the zone are ignored.
 */
export const isoDay = (value: string | undefined): number | undefined => {
  const parts = value === undefined ? null : LEADING_ISO_DATE.exec(value);
  if (!parts) return undefined;
  const time = Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]));
  return Number.isFinite(time) ? time / MS_PER_DAY : undefined;
};

/** A date on or before 1970-01-01 is how the deadline picker says "no date" (docs/web-app.md). */
export const setDeadlineDay = (value: string | undefined): number | undefined => {
  const day = isoDay(value);
  return day !== undefined && day > 0 ? day : undefined;
};

/** Creation time in milliseconds; an unreadable timestamp sorts as the oldest. */
export const createdAtMs = (doc: Pick<SearchDocument, 'createdAt'>): number => {
  const time = Date.parse(doc.createdAt);
  return Number.isFinite(time) ? time : 0;
};

/** A timestamp in milliseconds, or undefined when absent or unreadable. */
export const timeMs = (value: string | undefined): number | undefined => {
  const time = value === undefined ? NaN : Date.parse(value);
  return Number.isFinite(time) ? time : undefined;
};
