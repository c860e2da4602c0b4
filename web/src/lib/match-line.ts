import { type ClientFilterKey, filterKeyByClientKey, type MatchExplanation } from '@skillers/domain';

/** Labels the card line names before it cuts the list short. */
const LABELS_NAMED = 3;

/** A filter's label as the screens show it; the industry filter is `requiredAreaOfExpertise` in requests. */
export const filterTitle = (key: ClientFilterKey): string =>
  filterKeyByClientKey(key === 'requiredAreaOfExpertise' ? 'industry' : key)?.label ?? key;

const labelsOf = (byKey: MatchExplanation['matched']): string[] => Object.values(byKey).flat();

/**
 * The card's short line: how many picked labels the record has, and the first few of them, e.g.
 * "Matches 4 of 5: Rust, Go, Remote…". Undefined when nothing was picked.
 */
export const matchLine = (why: MatchExplanation): string | undefined => {
  const matched = labelsOf(why.matched);
  const picked = matched.length + labelsOf(why.missing).length;
  if (picked === 0) return undefined;
  const named = matched.slice(0, LABELS_NAMED).join(', ');
  const more = matched.length > LABELS_NAMED ? '…' : '';
  return `Matches ${matched.length} of ${picked}${named ? `: ${named}${more}` : ''}`;
};

/** One row of the full explanation: a filter with the picked labels the record has and lacks. */
export interface ExplanationRow {
  title: string;
  matched: string[];
  missing: string[];
}

export const explanationRows = (why: MatchExplanation): ExplanationRow[] => {
  const keys = [...new Set([...Object.keys(why.matched), ...Object.keys(why.missing)])] as ClientFilterKey[];
  return keys.map((key) => ({
    title: filterTitle(key),
    matched: why.matched[key] ?? [],
    missing: why.missing[key] ?? [],
  }));
};
