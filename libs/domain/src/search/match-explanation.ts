import { CLIENT_KEY_OF, type ClientFilterKey, FACET_DIMENSIONS } from './filter-keys';
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

/** Whether the filter picks any label: without one, `explainMatch` reads nothing of the document. */
export const picksLabels = (filter: SearchFilter): boolean =>
  FACET_DIMENSIONS.some((dimension) => pickedLabels(filter, dimension).length > 0);

export const explainMatch = (
  doc: DocumentLabels,
  filter: SearchFilter,
): Pick<MatchExplanation, 'matched' | 'missing'> => {
  const matched: LabelsByKey = {};
  const missing: LabelsByKey = {};
  for (const dimension of FACET_DIMENSIONS) {
    const picked = pickedLabels(filter, dimension);
    if (picked.length === 0) continue;
    const has = (label: string): boolean => {
      switch (dimension) {
        case 'tools':
          return (
            Object.hasOwn(doc.toolLevels, label) && doc.toolLevels[label] >= askedToolLevel(filter, label)
          );
        case 'workingType':
          return label === 'Remote' ? doc.workingTypeRemote : doc.workingTypeOffice;
        default:
          return doc.tags[dimension].includes(label);
      }
    };
    const key = CLIENT_KEY_OF[dimension];
    const present = picked.filter(has);
    const absent = picked.filter((label) => !has(label));
    if (present.length > 0) matched[key] = present;
    if (absent.length > 0) missing[key] = absent;
  }
  return { matched, missing };
};
