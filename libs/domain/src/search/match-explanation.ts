import { CLIENT_KEY_OF, type ClientFilterKey, FACET_DIMENSIONS, type FacetDimension } from './filter-keys';
import { askedToolLevel, pickedLabels } from './reference-filter';
import type { DocumentLabels } from './search-document';
import type { SearchFilter } from './search-query';

export type LabelsByKey = Partial<Record<ClientFilterKey, string[]>>;

/**
 * Why a record is shown: for each option filter with picks (named by its client key), the picked labels
 * the record has and those it lacks. A tool is present at its asked level or higher. Filters without
 * picks are left out, as are number filters, which every match satisfies.
 */
export interface MatchExplanation {
  matched: LabelsByKey;
  missing: LabelsByKey;
  /** Words or phrases of the free text found in the record, when free text was given. */
  text?: string[];
  /** 0-1, when a vector took part in the ranking. */
  similarity?: number;
}

/** A filter's picks per option filter, each dimension with picks once, in FACET_DIMENSIONS order. */
type PicksByDimension = readonly { dimension: FacetDimension; picked: readonly string[] }[];

/**
 * Each filter's picks, read once (a filter is not changed once searched): a page explains every one of its
 * records against the same filter, and reading the picks again for each (lists joined and made unique per
 * option filter) cost more than the explanations themselves.
 */
const picksOfFilter = new WeakMap<SearchFilter, PicksByDimension>();

const picksOf = (filter: SearchFilter): PicksByDimension => {
  let picks = picksOfFilter.get(filter);
  if (!picks) {
    picks = FACET_DIMENSIONS.flatMap((dimension) => {
      const picked = pickedLabels(filter, dimension);
      return picked.length > 0 ? [{ dimension, picked }] : [];
    });
    picksOfFilter.set(filter, picks);
  }
  return picks;
};

/** Whether the filter picks any label: without one, `explainMatch` reads nothing of the document. */
export const picksLabels = (filter: SearchFilter): boolean =>
  FACET_DIMENSIONS.some((dimension) => pickedLabels(filter, dimension).length > 0);

export const explainMatch = (
  doc: DocumentLabels,
  filter: SearchFilter,
): Pick<MatchExplanation, 'matched' | 'missing'> => {
  const matched: LabelsByKey = {};
  const missing: LabelsByKey = {};
  for (const { dimension, picked } of picksOf(filter)) {
    const present: string[] = [];
    const absent: string[] = [];
    for (const label of picked) (hasLabel(doc, filter, dimension, label) ? present : absent).push(label);
    const key = CLIENT_KEY_OF[dimension];
    if (present.length > 0) matched[key] = present;
    if (absent.length > 0) missing[key] = absent;
  }
  return { matched, missing };
};

/** Whether the document has the picked label; a tool at its asked level or higher. */
const hasLabel = (doc: DocumentLabels, filter: SearchFilter, dimension: FacetDimension, label: string) => {
  switch (dimension) {
    case 'tools':
      return Object.hasOwn(doc.toolLevels, label) && doc.toolLevels[label] >= askedToolLevel(filter, label);
    case 'workingType':
      return label === 'Remote' ? doc.workingTypeRemote : doc.workingTypeOffice;
    default:
      return doc.tags[dimension].includes(label);
  }
};
